/**
 * Issue 17 (1): the sign-in redirect of every preset with default authorization parameters
 * carries the same query as Auth.js's for the same user configuration, whether the user gives
 * `authorization` as a URL string with a query, as an object with `params`, or both.
 */

import AuthJsApple from "@auth/core/providers/apple";
import AuthJsDiscord from "@auth/core/providers/discord";
import AuthJsFacebook from "@auth/core/providers/facebook";
import AuthJsGitHub from "@auth/core/providers/github";
import AuthJsGitLab from "@auth/core/providers/gitlab";
import AuthJsEntra from "@auth/core/providers/microsoft-entra-id";
import AuthJsSpotify from "@auth/core/providers/spotify";
import AuthJsTwitch from "@auth/core/providers/twitch";
import AuthJsTwitter from "@auth/core/providers/twitter";
import { afterAll, beforeAll, describe, it, vi } from "vitest";
import Apple from "../../src/providers/apple.js";
import Discord from "../../src/providers/discord.js";
import Facebook from "../../src/providers/facebook.js";
import GitHub from "../../src/providers/github.js";
import GitLab from "../../src/providers/gitlab.js";
import Entra from "../../src/providers/microsoft-entra-id.js";
import Spotify from "../../src/providers/spotify.js";
import Twitch from "../../src/providers/twitch.js";
import Twitter from "../../src/providers/twitter.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";
import { AuthJsTestClient, authorizationRequest, discoveryFetch } from "./authjs.js";
import { expectSame } from "./deviations.js";

// biome-ignore lint/suspicious/noExplicitAny: each library types its own presets' options
type Factory = (options: any) => any;

const entraIssuer = "https://login.microsoftonline.com/tenant-1/v2.0";

/** Each preset with default authorization params: both libraries' factories and its endpoint. */
const presets: { id: string; ours: Factory; authJs: Factory; url: string; extra?: object }[] = [
  {
    id: "github",
    ours: GitHub,
    authJs: AuthJsGitHub,
    url: "https://github.com/login/oauth/authorize",
  },
  {
    id: "discord",
    ours: Discord,
    authJs: AuthJsDiscord,
    url: "https://discord.com/api/oauth2/authorize",
  },
  {
    id: "spotify",
    ours: Spotify,
    authJs: AuthJsSpotify,
    url: "https://accounts.spotify.com/authorize",
  },
  { id: "gitlab", ours: GitLab, authJs: AuthJsGitLab, url: "https://gitlab.com/oauth/authorize" },
  {
    id: "facebook",
    ours: Facebook,
    authJs: AuthJsFacebook,
    url: "https://www.facebook.com/v19.0/dialog/oauth",
  },
  { id: "twitter", ours: Twitter, authJs: AuthJsTwitter, url: "https://x.com/i/oauth2/authorize" },
  { id: "apple", ours: Apple, authJs: AuthJsApple, url: "https://appleid.apple.com/authorize" },
  {
    id: "twitch",
    ours: Twitch,
    authJs: AuthJsTwitch,
    url: "https://id.twitch.tv/oauth2/authorize",
  },
  {
    id: "microsoft-entra-id",
    ours: Entra,
    authJs: AuthJsEntra,
    url: `${entraIssuer}/authorize`,
    extra: { issuer: entraIssuer },
  },
];

/** The user configurations a migrating app may have. */
function scenarios(url: string): [string, object][] {
  return [
    ["the preset's defaults", {}],
    ["a URL string without a query", { authorization: url }],
    ["a URL string with a query", { authorization: `${url}?scope=from-url&prompt=consent` }],
    [
      "an object with params",
      { authorization: { params: { scope: "from-params", prompt: "login" } } },
    ],
    [
      "an object with a URL query and params",
      {
        authorization: {
          url: `${url}?scope=from-url&access_type=offline`,
          params: { scope: "from-params" },
        },
      },
    ],
  ];
}

async function signInLocation(client: TestClient, id: string) {
  const csrfToken = await client.csrfToken();
  const response = await client.request(`/auth/signin/${id}`, { form: { csrfToken } });
  return authorizationRequest(response.headers.get("location"));
}

beforeAll(() => {
  vi.stubGlobal("fetch", discoveryFetch());
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe.each(presets)("$id: the authorization request", ({ id, ours, authJs, url, extra }) => {
  it.each(scenarios(url))("matches Auth.js for %s", async (name, user) => {
    const options = { clientId: "client-1", clientSecret: "secret-1", ...extra, ...user };
    const shared = { secret: SECRET, trustHost: true, logger: captureLogger().logger };
    const theirs = await signInLocation(
      new AuthJsTestClient({ ...shared, providers: [authJs(structuredClone(options))] }),
      id,
    );
    const mine = await signInLocation(
      new TestClient({ ...shared, providers: [ours(structuredClone(options))] }),
      id,
    );
    expectSame(`authorization ${id}: ${name}`, mine, theirs);
  });
});
