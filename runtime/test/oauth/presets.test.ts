import { describe, expect, it, vi } from "vitest";
import { resolveConfig } from "../../src/core/config.js";
import type { InternalOAuthProvider } from "../../src/oauth/normalize.js";
import Apple from "../../src/providers/apple.js";
import Auth0 from "../../src/providers/auth0.js";
import Discord from "../../src/providers/discord.js";
import Facebook from "../../src/providers/facebook.js";
import GitHub from "../../src/providers/github.js";
import GitLab from "../../src/providers/gitlab.js";
import Google from "../../src/providers/google.js";
import Keycloak from "../../src/providers/keycloak.js";
import LinkedIn from "../../src/providers/linkedin.js";
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js";
import OIDC from "../../src/providers/oidc.js";
import Okta from "../../src/providers/okta.js";
import Slack from "../../src/providers/slack.js";
import Spotify from "../../src/providers/spotify.js";
import Twitch from "../../src/providers/twitch.js";
import Twitter from "../../src/providers/twitter.js";
import type { Provider } from "../../src/providers/types.js";
import Zitadel from "../../src/providers/zitadel.js";
import { customFetch } from "../../src/symbols.js";
import type { Profile } from "../../src/types.js";

/** The provider as the runtime uses it, with AUTH_<ID>_* from `env`. */
function internal(provider: Provider, env: Record<string, string> = {}): InternalOAuthProvider {
  return resolveConfig({ providers: [provider], secret: "s" }, env)
    .providers[0] as InternalOAuthProvider;
}

const tokens = { access_token: "at", token_type: "bearer" as const };

/**
 * Where each preset sends the browser and the code, exactly as the providers document them.
 * OIDC presets configure only their issuer: the rest comes from its discovery document.
 */
const endpoints: Record<string, Record<string, string | undefined>> = {
  github: {
    issuer: "https://github.com/login/oauth",
    authorization: "https://github.com/login/oauth/authorize",
    token: "https://github.com/login/oauth/access_token",
    userinfo: "https://api.github.com/user",
  },
  gitlab: {
    issuer: undefined,
    authorization: "https://gitlab.com/oauth/authorize",
    token: "https://gitlab.com/oauth/token",
    userinfo: "https://gitlab.com/api/v4/user",
  },
  discord: {
    issuer: undefined,
    authorization: "https://discord.com/api/oauth2/authorize",
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
  },
  facebook: {
    issuer: undefined,
    authorization: "https://www.facebook.com/v19.0/dialog/oauth",
    token: "https://graph.facebook.com/oauth/access_token",
    userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture",
  },
  twitter: {
    issuer: undefined,
    authorization: "https://x.com/i/oauth2/authorize",
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
  },
  spotify: {
    issuer: undefined,
    authorization: "https://accounts.spotify.com/authorize",
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
  },
  twitch: { issuer: "https://id.twitch.tv/oauth2" },
  "microsoft-entra-id": { issuer: undefined },
  apple: { issuer: "https://appleid.apple.com" },
};

describe.each([
  [
    "github",
    GitHub,
    "oauth",
    ["pkce"],
    {
      id: 1,
      login: "octocat",
      name: null,
      email: "octo@github.test",
      avatar_url: "https://avatars.test/1",
    },
    { id: "1", name: "octocat", email: "octo@github.test", image: "https://avatars.test/1" },
  ],
  [
    "gitlab",
    GitLab,
    "oauth",
    ["pkce"],
    {
      id: 7,
      username: "tanuki",
      name: "Tanuki",
      email: "t@gitlab.test",
      avatar_url: "https://gl.test/a.png",
    },
    { id: "7", name: "Tanuki", email: "t@gitlab.test", image: "https://gl.test/a.png" },
  ],
  [
    "discord",
    Discord,
    "oauth",
    ["pkce"],
    {
      id: "80351110224678912",
      username: "nelly",
      global_name: "Nelly",
      discriminator: "0",
      avatar: "8342729096ea3675442027381ff50dfe",
      email: "nelly@discord.test",
      verified: true,
    },
    {
      id: "80351110224678912",
      name: "Nelly",
      email: "nelly@discord.test",
      image:
        "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    },
  ],
  [
    "facebook",
    Facebook,
    "oauth",
    ["pkce"],
    {
      id: "10",
      name: "Mark",
      email: "m@fb.test",
      picture: { data: { url: "https://fb.test/p.jpg" } },
    },
    { id: "10", name: "Mark", email: "m@fb.test", image: "https://fb.test/p.jpg" },
  ],
  [
    "twitter",
    Twitter,
    "oauth",
    ["pkce", "state"],
    {
      data: {
        id: "2244994945",
        name: "X Dev",
        username: "xdevelopers",
        profile_image_url: "https://x.test/p.jpg",
      },
    },
    { id: "2244994945", name: "X Dev", email: null, image: "https://x.test/p.jpg" },
  ],
  [
    "spotify",
    Spotify,
    "oauth",
    ["pkce"],
    {
      id: "wizzler",
      display_name: "Wizzler",
      email: "w@spotify.test",
      images: [{ url: "https://i.scdn.test/1.jpg" }],
    },
    { id: "wizzler", name: "Wizzler", email: "w@spotify.test", image: "https://i.scdn.test/1.jpg" },
  ],
  [
    "twitch",
    Twitch,
    "oidc",
    ["pkce"],
    {
      sub: "713936733",
      preferred_username: "streamer",
      email: "s@twitch.test",
      picture: "https://tw.test/p.png",
    },
    { id: "713936733", name: "streamer", email: "s@twitch.test", image: "https://tw.test/p.png" },
  ],
  [
    "microsoft-entra-id",
    MicrosoftEntraID,
    "oidc",
    ["pkce"],
    // The email claim, never preferred_username (presets-profiles.test.ts has one without it).
    {
      sub: "AAAAA",
      oid: "o",
      tid: "t",
      name: "Megan",
      email: "megan@contoso.test",
      preferred_username: "megan.b@contoso.onmicrosoft.test",
    },
    { id: "AAAAA", name: "Megan", email: "megan@contoso.test", image: null },
  ],
  [
    "apple",
    Apple,
    "oidc",
    ["nonce", "state"],
    {
      sub: "001234.abc",
      email: "x@privaterelay.appleid.test",
      email_verified: "true",
      user: { name: { firstName: "Tim", lastName: "Apple" } },
    },
    { id: "001234.abc", name: "Tim Apple", email: "x@privaterelay.appleid.test", image: null },
  ],
] as const)("%s preset", (id, factory, type, checks, fixture, expected) => {
  it("has its id, type, checks and endpoints, and maps a recorded profile", async () => {
    const provider = internal(
      (factory as (o?: object) => Provider)({ clientId: "cid", clientSecret: "secret" }),
    );
    expect(provider).toMatchObject({ id, type, clientId: "cid", clientSecret: "secret" });
    expect(provider.checks).toEqual(checks);
    expect({
      issuer: provider.issuer,
      // The URL carries the params as its query (as Auth.js's): compared without it.
      authorization: provider.authorization?.url?.split("?")[0],
      token: provider.token?.url,
      userinfo: provider.userinfo?.url,
    }).toEqual(endpoints[id]);
    expect(await provider.profile(fixture as unknown as Profile, tokens)).toEqual(expected);
  });
});

describe.each([
  ["google", Google, "https://accounts.google.com", ["pkce"]],
  ["linkedin", LinkedIn, "https://www.linkedin.com/oauth", ["state"]],
  ["slack", Slack, "https://slack.com", ["nonce"]],
] as const)("%s preset (discovery)", (id, factory, issuer, checks) => {
  it("uses discovery at its issuer, with no endpoint of its own", () => {
    const provider = internal(factory({ clientId: "cid" }));
    expect(provider).toMatchObject({ id, type: "oidc", issuer });
    expect(provider.checks).toEqual(checks);
    expect([provider.authorization?.url, provider.token?.url, provider.userinfo?.url]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe.each([
  ["auth0", Auth0, ["pkce"]],
  ["keycloak", Keycloak, ["pkce"]],
  ["okta", Okta, ["pkce", "state"]],
  ["zitadel", Zitadel, ["pkce"]],
  ["microsoft-entra-id", MicrosoftEntraID, ["pkce"]],
] as const)("%s preset (tenant issuer)", (id, factory, checks) => {
  it("takes its issuer, id and secret from AUTH_<ID>_*, and has its checks", () => {
    const prefix = `AUTH_${id.toUpperCase().replace(/-/g, "_")}`;
    const provider = internal(factory as unknown as Provider, {
      [`${prefix}_ID`]: "env-id",
      [`${prefix}_SECRET`]: "env-secret",
      [`${prefix}_ISSUER`]: "https://tenant.example",
    });
    expect(provider).toMatchObject({
      id,
      type: "oidc",
      clientId: "env-id",
      clientSecret: "env-secret",
      issuer: "https://tenant.example",
    });
    expect(provider.checks).toEqual(checks);
    expect([provider.authorization?.url, provider.token?.url, provider.userinfo?.url]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("generic OIDC", () => {
  it("takes any id and issuer, with PKCE by default", () => {
    const provider = internal(OIDC({ id: "corp", name: "Corp", issuer: "https://sso.corp.test" }));
    expect(provider).toMatchObject({
      id: "corp",
      name: "Corp",
      type: "oidc",
      issuer: "https://sso.corp.test",
    });
    expect(provider.checks).toEqual(["pkce"]);
  });
});

describe("GitHub's email lookup", () => {
  function github(user: object, emails: object[] | null) {
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      const path = new URL(String(url)).pathname;
      if (path === "/user") return Response.json(user);
      if (path === "/user/emails" && emails) return Response.json(emails);
      return new Response("nope", { status: 404 });
    });
    const provider = internal(GitHub({ clientId: "c", [customFetch]: fetchImpl as typeof fetch }));
    return { provider, fetchImpl };
  }
  const request = (provider: InternalOAuthProvider) =>
    provider.userinfo!.request!({ tokens: { access_token: "t" }, provider: provider as never });

  it("uses the primary verified address when the profile has none, through customFetch", async () => {
    const { provider, fetchImpl } = github({ id: 1, login: "o", email: null }, [
      { email: "old@x.test", primary: false, verified: true },
      { email: "main@x.test", primary: true, verified: true },
    ]);
    expect(await request(provider)).toMatchObject({ email: "main@x.test", email_verified: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it("marks a public but unverified address as unverified", async () => {
    const { provider } = github({ id: 1, login: "o", email: "Pub@x.test" }, [
      { email: "pub@x.test", primary: true, verified: false },
    ]);
    expect(await request(provider)).toMatchObject({ email: "pub@x.test", email_verified: false });
  });

  it("keeps the profile as is when the emails endpoint is unavailable", async () => {
    const { provider } = github({ id: 1, login: "o", email: "p@x.test" }, null);
    const profile = await request(provider);
    expect(profile.email).toBe("p@x.test");
    expect(profile.email_verified).toBeUndefined();
  });
});
