/**
 * What the tests of a failing email send share (SMTP and the HTTP senders alike): an in-process
 * app whose one provider is the sender under test, which keeps what the app logs and records
 * every verification token the adapter stores, so a test can show a failed send leaves no usable
 * link; and the request the sign-in page's address form makes.
 */
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { Provider } from "../../src/providers/types.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, recordingTokens, SECRET, TestClient } from "../helpers.js";

/** Where a sign-in whose mail could not be sent ends (the in-process app's origin). */
export const FAILED_SEND = "http://localhost:3000/auth/signin?error=EmailSignInError";

/** An in-process app that signs in with `provider` only. */
export function emailSignIn(provider: Provider) {
  const { logger, errors } = captureLogger();
  const { adapter, created } = recordingTokens(memoryAdapter());
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger,
    adapter,
    providers: [provider],
  };
  return { client: new TestClient(config), adapter, created, errors };
}

/** Asks provider `id` for a sign-in link to `email`, as its form on the sign-in page does. */
export async function requestLink(client: TestClient, id: string, email = "ada@example.com") {
  const csrfToken = await client.csrfToken();
  return client.request(`${client.basePath}/signin/${id}`, { form: { email, csrfToken } });
}
