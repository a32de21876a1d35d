/**
 * Issue 17: every callback and event records its calls (name and arguments) during each flow,
 * on `@auth/express` and our `ExpressAuth` (real Express servers, the same local OAuth 2
 * provider, each its own memory adapter); the two sequences must be the same, except where
 * `deviations.ts` says why not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import type { SendVerificationRequestParams } from "../../src/providers/types.js";
import { captureLogger, type HttpTestClient, SECRET } from "../helpers.js";
import { expectSame } from "./deviations.js";
import { oauthSignIn, startFakeOAuth } from "./fake-oauth.js";
import { callFields, recorder } from "./recorder.js";
import { browser, startServerPair } from "./servers.js";

type Library = "ours" | "authJs";
const libraries: Library[] = ["authJs", "ours"];

const profiles = Object.fromEntries(
  ["ada", "bob", "cy", "dee", "erin-gh"].map((login, i) => [
    login,
    { id: 100 + i, login, name: login.toUpperCase(), email: `${login}@provider.example` },
  ]),
);

let oauth: Awaited<ReturnType<typeof startFakeOAuth>>;
const recorders = { ours: recorder(), authJs: recorder() };
const outboxes: Record<Library, SendVerificationRequestParams[]> = { ours: [], authJs: [] };
let jwtServers: Awaited<ReturnType<typeof startServerPair>>;
let databaseServers: Awaited<ReturnType<typeof startServerPair>>;

function baseConfig(library: Library) {
  const { callbacks, events } = recorders[library];
  return { secret: SECRET, trustHost: true, logger: captureLogger().logger, callbacks, events };
}

function authorize(credentials: Partial<Record<string, unknown>>) {
  return credentials.username === "alice"
    ? { id: "1", name: "Alice", email: "alice@example.com" }
    : null;
}

beforeAll(async () => {
  oauth = await startFakeOAuth(profiles);
  jwtServers = await startServerPair((library) => ({
    ...baseConfig(library),
    providers: [Credentials({ credentials: { username: {} }, authorize })],
  }));
  databaseServers = await startServerPair((library) => ({
    ...baseConfig(library),
    adapter: memoryAdapter(),
    providers: [
      oauth.provider(),
      {
        id: "email",
        name: "Email",
        type: "email",
        maxAge: 86_400,
        sendVerificationRequest: (params: SendVerificationRequestParams) => {
          outboxes[library].push(params);
        },
      },
    ],
  }));
});
afterAll(() => Promise.all([jwtServers?.close(), databaseServers?.close(), oauth?.close()]));

async function csrfPost(client: HttpTestClient, path: string, json: Record<string, unknown> = {}) {
  const csrfToken = await client.csrfToken();
  return client.request(path, { json: { ...json, csrfToken } });
}

interface Scenario {
  servers: () => Awaited<ReturnType<typeof startServerPair>>;
  /** Steps before recording starts (signing in first). */
  before?: (client: HttpTestClient, library: Library) => Promise<unknown>;
  /** The recorded steps; the last response's status and `Location` are compared too. */
  run: (client: HttpTestClient, library: Library) => Promise<Response>;
}

const credentialsSignIn = (c: HttpTestClient) => c.signInWithCredentials({ username: "alice" });
const emailSignIn = (email: string) => (c: HttpTestClient, library: Library) =>
  c.signInWithEmail(email, outboxes[library]);
const jwt = () => jwtServers;
const database = () => databaseServers;

const scenarios: Record<string, Scenario> = {
  "credentials sign-in (jwt)": { servers: jwt, run: credentialsSignIn },
  "session read (jwt)": {
    servers: jwt,
    before: credentialsSignIn,
    run: (c) => c.request("/auth/session"),
  },
  "session update (jwt)": {
    servers: jwt,
    before: credentialsSignIn,
    run: (c) => csrfPost(c, "/auth/session", { data: { name: "Alicia" } }),
  },
  "sign-out (jwt)": { servers: jwt, before: credentialsSignIn, run: (c) => c.signOut() },
  "OAuth sign-in of a new user (database)": {
    servers: database,
    run: (c) => oauthSignIn(c, "ada"),
  },
  "OAuth sign-in of a returning user (database)": {
    servers: database,
    before: async (c) => {
      await oauthSignIn(c, "bob");
      await c.signOut();
    },
    run: (c) => oauthSignIn(c, "bob"),
  },
  "email sign-in of a new user (database)": {
    servers: database,
    run: emailSignIn("fay@example.com"),
  },
  "email sign-in of a returning user (database)": {
    servers: database,
    before: async (c, library) => {
      await emailSignIn("gus@example.com")(c, library);
      await c.signOut();
    },
    run: emailSignIn("gus@example.com"),
  },
  "session read (database)": {
    servers: database,
    before: (c) => oauthSignIn(c, "cy"),
    run: (c) => c.request("/auth/session"),
  },
  "session update (database)": {
    servers: database,
    before: (c) => oauthSignIn(c, "dee"),
    run: (c) => csrfPost(c, "/auth/session", { data: { name: "Deirdre" } }),
  },
  "sign-out (database)": {
    servers: database,
    before: emailSignIn("hal@example.com"),
    run: (c) => c.signOut(),
  },
  "account linking (database)": {
    servers: database,
    before: emailSignIn("erin@example.com"),
    run: (c) => oauthSignIn(c, "erin-gh"),
  },
};

describe("callbacks and events against @auth/express", () => {
  it.each(Object.entries(scenarios))("%s", async (name, scenario) => {
    const seen = {} as Record<Library, Record<string, unknown>>;
    for (const library of libraries) {
      const origin = scenario.servers()[library];
      const client = browser(origin);
      recorders[library].setHost(new URL(origin).host);
      await scenario.before?.(client, library);
      recorders[library].calls.length = 0;
      const response = await scenario.run(client, library);
      const location = response.headers.get("location");
      seen[library] = {
        ...callFields(recorders[library].calls),
        status: response.status,
        location: location?.split(new URL(origin).host).join("{host}") ?? null,
      };
    }
    expect(seen.ours.order, "something was recorded").not.toEqual([]);
    expectSame(`callbacks ${name}`, seen.ours, seen.authJs);
  });
});
