/**
 * Issue 17 (4): configurations Auth.js accepts run the same way here: an email provider with an
 * adapter that implements only what email sign-in calls, and `Credentials()` without
 * `authorize`.
 */
import AuthJsCredentials from "@auth/core/providers/credentials";
import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters.js";
import Credentials from "../../src/providers/credentials.js";
import type { SendVerificationRequestParams } from "../../src/providers/types.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";
import { AuthJsTestClient } from "./authjs.js";
import { expectSame } from "./deviations.js";
import { observe } from "./servers.js";

const origin = "http://localhost:3000";

/** What email sign-in calls, and nothing an OAuth sign-in would need. */
function emailOnlyAdapter(): Adapter {
  const {
    createVerificationToken,
    useVerificationToken,
    getUserByEmail,
    createUser,
    updateUser,
    createSession,
    getSessionAndUser,
    updateSession,
    deleteSession,
  } = memoryAdapter();
  return {
    createVerificationToken,
    useVerificationToken,
    getUserByEmail,
    createUser,
    updateUser,
    createSession,
    getSessionAndUser,
    updateSession,
    deleteSession,
  };
}

function emailConfig(outbox: SendVerificationRequestParams[]) {
  return {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter: emailOnlyAdapter(),
    providers: [
      {
        id: "email",
        name: "Email",
        type: "email" as const,
        maxAge: 86_400,
        sendVerificationRequest: (params: SendVerificationRequestParams) => {
          outbox.push(params);
        },
      },
    ],
  };
}

async function emailSignIn(client: TestClient, outbox: SendVerificationRequestParams[]) {
  const seen: Record<string, unknown> = {};
  const csrfToken = await client.csrfToken();
  const start = await client.request("/auth/signin/email", {
    form: { email: "ada@example.com", csrfToken },
  });
  seen.start = await observe(start, origin);
  const link = outbox.at(-1) && new URL(outbox.at(-1)!.url);
  seen.link = link && `${link.pathname}?${[...link.searchParams.keys()].sort().join("&")}`;
  if (link)
    seen.callback = await observe(await client.request(`${link.pathname}${link.search}`), origin);
  seen.session = await observe(await client.request("/auth/session"), origin);
  return seen;
}

// First: Auth.js remembers that some configuration had an email provider (module state,
// reference §11 item 1) and would then ask every later configuration for an adapter.
describe("Credentials() without authorize", () => {
  it("refuses every attempt as Auth.js does, instead of failing the configuration", async () => {
    const config = (provider: unknown) => ({
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      providers: [provider],
    });
    const attempt = async (client: TestClient) => {
      const response = await client.signInWithCredentials({ username: "ada" });
      return observe(response, origin);
    };
    const theirs = await attempt(
      new AuthJsTestClient(config(AuthJsCredentials({})) as never, origin),
    );
    const mine = await attempt(new TestClient(config(Credentials()) as never, origin));
    expect(mine.location).toBe(
      "http://{host}/auth/signin?error=CredentialsSignin&code=credentials",
    );
    expectSame("credentials without authorize", mine, theirs);
  });
});

describe("an email provider with an adapter that has only the email sign-in methods", () => {
  it("signs in as with Auth.js (database sessions)", async () => {
    const theirOutbox: SendVerificationRequestParams[] = [];
    const ourOutbox: SendVerificationRequestParams[] = [];
    const theirs = await emailSignIn(
      new AuthJsTestClient(emailConfig(theirOutbox) as never, origin),
      theirOutbox,
    );
    const mine = await emailSignIn(
      new TestClient(emailConfig(ourOutbox) as never, origin),
      ourOutbox,
    );
    expect(mine.session).toMatchObject({ body: { user: { email: "ada@example.com" } } });
    expect(mine.link).toBe("/auth/callback/email?callbackUrl&email&token");
    for (const step of ["start", "link", "callback", "session"]) {
      const [ours, authJs] = [mine[step], theirs[step]];
      if (typeof ours === "object" && ours && typeof authJs === "object" && authJs) {
        expectSame(`email-only adapter: ${step}`, ours as never, authJs as never);
      } else expect(ours, step).toEqual(authJs);
    }
  });
});
