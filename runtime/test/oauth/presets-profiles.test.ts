import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/core/config.js";
import type { InternalOAuthProvider } from "../../src/oauth/normalize.js";
import Auth0 from "../../src/providers/auth0.js";
import GitHub from "../../src/providers/github.js";
import Google from "../../src/providers/google.js";
import Keycloak from "../../src/providers/keycloak.js";
import LinkedIn from "../../src/providers/linkedin.js";
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js";
import OIDC from "../../src/providers/oidc.js";
import Okta from "../../src/providers/okta.js";
import Slack from "../../src/providers/slack.js";
import type { Provider } from "../../src/providers/types.js";
import Zitadel from "../../src/providers/zitadel.js";
import { customFetch } from "../../src/symbols.js";
import type { Profile } from "../../src/types.js";

function internal(provider: Provider): InternalOAuthProvider {
  return resolveConfig({ providers: [provider], secret: "s" }, {})
    .providers[0] as InternalOAuthProvider;
}

const tokens = { access_token: "at", token_type: "bearer" as const };
const times = { iat: 1_700_000_000, exp: 1_700_003_600 };

/**
 * ID-token claims as each provider documents them (field names, types and the extras that
 * come along), and the user the preset makes of them.
 */
describe.each([
  [
    "google",
    Google,
    {
      iss: "https://accounts.google.com",
      azp: "1234987819200.apps.googleusercontent.com",
      aud: "1234987819200.apps.googleusercontent.com",
      sub: "110169484474386276334",
      hd: "example.test",
      email: "ada@example.test",
      email_verified: true,
      at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
      name: "Ada Lovelace",
      picture: "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
      given_name: "Ada",
      family_name: "Lovelace",
      ...times,
    },
    {
      id: "110169484474386276334",
      name: "Ada Lovelace",
      email: "ada@example.test",
      image: "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c",
    },
  ],
  [
    "slack",
    Slack,
    {
      iss: "https://slack.com",
      sub: "U0R7JM",
      aud: "25259531569.1115258246291",
      auth_time: 1_700_000_000,
      nonce: "abcd",
      at_hash: "tUtd9JgNc4cGNcvEG2wykg",
      "https://slack.com/team_id": "T0R7GR",
      "https://slack.com/user_id": "U0R7JM",
      email: "krane@slack-corp.test",
      email_verified: true,
      date_email_verified: 1_622_128_723,
      locale: "en-US",
      name: "krane",
      picture: "https://secure.gravatar.com/avatar/bc.jpg?s=512",
      given_name: "",
      family_name: "",
      "https://slack.com/team_name": "kraneflannel",
      "https://slack.com/team_domain": "kraneflannel",
      "https://slack.com/user_image_24": "https://secure.gravatar.com/avatar/bc.jpg?s=24",
      ...times,
    },
    {
      id: "U0R7JM",
      name: "krane",
      email: "krane@slack-corp.test",
      image: "https://secure.gravatar.com/avatar/bc.jpg?s=512",
    },
  ],
  [
    "auth0",
    Auth0,
    {
      iss: "https://tenant.eu.auth0.com/",
      aud: "cid",
      sub: "auth0|64f1c2d8e4b0a1b2c3d4e5f6",
      nickname: "jdoe",
      name: "jdoe@example.test",
      picture: "https://s.gravatar.com/avatar/5d.png",
      updated_at: "2024-05-01T10:00:00.000Z",
      email: "jdoe@example.test",
      email_verified: false,
      sid: "Zk3q",
      ...times,
    },
    {
      id: "auth0|64f1c2d8e4b0a1b2c3d4e5f6",
      name: "jdoe@example.test",
      email: "jdoe@example.test",
      image: "https://s.gravatar.com/avatar/5d.png",
    },
  ],
  [
    "keycloak",
    Keycloak,
    {
      iss: "https://kc.example.test/realms/demo",
      aud: "cid",
      sub: "f7c1b6a2-3e4d-4f5a-9b8c-7d6e5f4a3b2c",
      typ: "ID",
      azp: "cid",
      session_state: "0f1e2d3c",
      sid: "0f1e2d3c",
      auth_time: 1_700_000_000,
      email_verified: true,
      preferred_username: "jane",
      given_name: "Jane",
      family_name: "Doe",
      email: "jane@example.test",
      ...times,
    },
    // No `name` claim without the profile scope's full name mapper: preferred_username.
    {
      id: "f7c1b6a2-3e4d-4f5a-9b8c-7d6e5f4a3b2c",
      name: "jane",
      email: "jane@example.test",
    },
  ],
  [
    "okta",
    Okta,
    {
      ver: 1,
      iss: "https://dev-123456.okta.com",
      aud: "cid",
      sub: "00uid4BxXw6I6TV4m0g3",
      jti: "ID.4eAWJOCMB3SX8XewDfVR",
      amr: ["pwd"],
      idp: "00ok1u7AsAkrwdZL3z0g3",
      name: "John Doe",
      email: "john.doe@example.test",
      preferred_username: "john.doe@example.test",
      auth_time: 1_700_000_000,
      at_hash: "preR_b3XkNAxGVEaWz6s_g",
      ...times,
    },
    { id: "00uid4BxXw6I6TV4m0g3", name: "John Doe", email: "john.doe@example.test" },
  ],
  [
    "zitadel",
    Zitadel,
    {
      iss: "https://acme-abc123.zitadel.cloud",
      sub: "170086824411201793",
      aud: ["cid", "170086774599581953"],
      azp: "cid",
      client_id: "cid",
      amr: ["password", "pwd"],
      auth_time: 1_700_000_000,
      at_hash: "Q0P6l0ZKgxC2N5sp0Z1n0A",
      sid: "245543617364901891",
      email: "road.runner@acme.test",
      email_verified: true,
      family_name: "Runner",
      given_name: "Road",
      locale: "en",
      name: "Road Runner",
      preferred_username: "road.runner@acme.zitadel.cloud",
      updated_at: 1_700_000_000,
      ...times,
    },
    {
      id: "170086824411201793",
      name: "Road Runner",
      email: "road.runner@acme.test",
    },
  ],
  [
    // Microsoft's documented v2.0 ID token: no `email` claim (it is optional and needs the
    // email scope and a mailbox), only the UPN as preferred_username.
    "microsoft-entra-id",
    MicrosoftEntraID,
    {
      ver: "2.0",
      iss: "https://login.microsoftonline.com/9122040d-6c67-4c5b-b112-36a304b66dad/v2.0",
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      aud: "6cb04018-a3f5-46a7-b995-940c78f5aef3",
      nbf: 1_700_000_000,
      name: "Abe Lincoln",
      preferred_username: "AbeLi@microsoft.com",
      oid: "00000000-0000-0000-66f3-3332eca7ea81",
      tid: "9122040d-6c67-4c5b-b112-36a304b66dad",
      nonce: "123523",
      aio: "Df2UVXL1ix!lMCWMSOJBcFatzcGfvFGhjKv8q5g0x732dR5MB5BisvGQO7YWByjd8iQDLq!eGbIDakyp5mnOrcdqHeYSnltepQmRp6AIZ8jY",
      ...times,
    },
    {
      id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Abe Lincoln",
      email: null,
      image: null,
    },
  ],
  [
    "microsoft-entra-id with the optional email claim",
    MicrosoftEntraID,
    {
      ver: "2.0",
      iss: "https://login.microsoftonline.com/9122040d-6c67-4c5b-b112-36a304b66dad/v2.0",
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      aud: "6cb04018-a3f5-46a7-b995-940c78f5aef3",
      name: "Abe Lincoln",
      preferred_username: "abeli@contoso.onmicrosoft.com",
      email: "abe@lincoln.example",
      oid: "00000000-0000-0000-66f3-3332eca7ea81",
      tid: "9122040d-6c67-4c5b-b112-36a304b66dad",
      ...times,
    },
    {
      id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Abe Lincoln",
      email: "abe@lincoln.example",
      image: null,
    },
  ],
  [
    // LinkedIn's ID token (Sign In with LinkedIn using OpenID Connect): `email_verified` and
    // `locale` as LinkedIn sends them, and no nonce (the preset checks state only).
    "linkedin",
    LinkedIn,
    {
      iss: "https://www.linkedin.com/oauth",
      aud: "86y9x9sxxxxxx",
      sub: "782bbtaQ",
      name: "John Doe",
      given_name: "John",
      family_name: "Doe",
      picture:
        "https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
      email: "doe@email.test",
      email_verified: "true",
      locale: "en-US",
      ...times,
    },
    {
      id: "782bbtaQ",
      name: "John Doe",
      email: "doe@email.test",
      image:
        "https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
    },
  ],
  [
    // The same member from GET https://api.linkedin.com/v2/userinfo (`locale` is an object
    // there, `email_verified` a boolean), for a configuration with `idToken: false`.
    "linkedin /v2/userinfo",
    LinkedIn,
    {
      sub: "782bbtaQ",
      email_verified: true,
      name: "John Doe",
      locale: { country: "US", language: "en" },
      given_name: "John",
      family_name: "Doe",
      email: "doe@email.test",
      picture:
        "https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
    },
    {
      id: "782bbtaQ",
      name: "John Doe",
      email: "doe@email.test",
      image:
        "https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/",
    },
  ],
  [
    "oidc",
    OIDC,
    { iss: "https://sso.corp.test", aud: "cid", sub: "248289761001", nickname: "jd", ...times },
    // A claim the provider did not send is left out, as Auth.js's default profile() does.
    { id: "248289761001", name: "jd" },
  ],
] as const)("%s profile()", (_id, factory, claims, expected) => {
  it("maps the provider's recorded claims", async () => {
    const provider = internal((factory as (o?: object) => Provider)({ clientId: "cid" }));
    expect(await provider.profile(claims as unknown as Profile, tokens)).toEqual(expected);
  });
});

describe("GitHub's full /user response", () => {
  // GET https://api.github.com/user as GitHub documents it, for a user with a private email.
  const user = {
    login: "octocat",
    id: 583231,
    node_id: "MDQ6VXNlcjU4MzIzMQ==",
    avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
    gravatar_id: "",
    url: "https://api.github.com/users/octocat",
    html_url: "https://github.com/octocat",
    type: "User",
    site_admin: false,
    name: "The Octocat",
    company: "@github",
    blog: "https://github.blog",
    location: "San Francisco",
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: 8,
    public_gists: 8,
    followers: 10000,
    following: 9,
    created_at: "2011-01-25T18:44:36Z",
    updated_at: "2024-01-22T12:13:32Z",
    private_gists: 0,
    total_private_repos: 0,
    two_factor_authentication: true,
    plan: { name: "free", space: 976562499, collaborators: 0, private_repos: 10000 },
  };
  const emails = [
    { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
    { email: "octocat@github.test", primary: true, verified: true, visibility: "private" },
  ];

  it("finds the private primary email and maps the user", async () => {
    const fetchImpl = (async (url: string | URL | Request) => {
      const path = new URL(String(url)).pathname;
      return Response.json(path === "/user" ? user : emails);
    }) as typeof fetch;
    const provider = internal(GitHub({ clientId: "c", [customFetch]: fetchImpl }));
    const profile = await provider.userinfo!.request!({ tokens, provider: provider as never });
    expect(profile).toMatchObject({ email: "octocat@github.test", email_verified: true });
    expect(await provider.profile(profile, tokens)).toEqual({
      id: "583231",
      name: "The Octocat",
      email: "octocat@github.test",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    });
  });
});
