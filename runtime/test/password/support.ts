import { migrate, postgresAdapter } from "../../src/adapters/postgres/index.js";
import type { Adapter } from "../../src/adapters.js";
import Password, { type PasswordUserConfig } from "../../src/providers/password.js";
import type { PasswordMailParams } from "../../src/providers/types.js";
import type { AuthConfig } from "../../src/types.js";
import { isolatedPool } from "../adapters/database.js";
import type { HttpTestClient } from "../helpers.js";
import { testConfig } from "../helpers.js";

/**
 * Cheap scrypt parameters so a suite can sign in many times. Real apps cannot use them (the
 * configuration is refused below OWASP's minimum unless `unsafeWeakHashForTesting` is set, and
 * always in production); one test per file uses the defaults.
 */
export const FAST_HASH = { hash: { N: 2 ** 10, r: 8, p: 1 }, unsafeWeakHashForTesting: true };

/** A password provider whose mails land in `outbox` (and resolve waiters) instead of SMTP. */
export function outboxPassword(options: PasswordUserConfig = {}) {
  const outbox: PasswordMailParams[] = [];
  const waiters: ((mail: PasswordMailParams) => void)[] = [];
  const provider = Password({
    ...FAST_HASH,
    ...options,
    sendMail: (mail) => {
      const waiter = waiters.shift();
      if (waiter) waiter(mail);
      else outbox.push(mail);
    },
  });
  return {
    provider,
    /** The oldest unread mail, else the next one to arrive (mails go out in the background). */
    next(): Promise<PasswordMailParams> {
      const mail = outbox.shift();
      return mail ? Promise.resolve(mail) : new Promise((resolve) => waiters.push(resolve));
    },
    /** Mails not taken yet (after the background sends of the requests so far have run). */
    async pending(): Promise<PasswordMailParams[]> {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return outbox.splice(0);
    },
  };
}

/** A migrated PostgreSQL adapter in a fresh schema of the machine's server. */
export async function postgresStore() {
  const database = await isolatedPool();
  await migrate(database.pool);
  const adapter: Adapter = postgresAdapter(database.pool);
  return { adapter, pool: database.pool, drop: database.drop };
}

export function passwordConfig(
  provider: AuthConfig["providers"][number],
  adapter: Adapter,
  strategy: "jwt" | "database",
  extra: Partial<AuthConfig> = {},
): AuthConfig {
  return testConfig({ adapter, session: { strategy }, providers: [provider], ...extra });
}

export const pathOf = (url: string | URL) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

export async function post(client: HttpTestClient, path: string, form: Record<string, string>) {
  const csrfToken = await client.csrfToken();
  return client.request(path, { form: { ...form, csrfToken } });
}

export const signUp = (client: HttpTestClient, email: string, password: string) =>
  post(client, "/auth/password/signup", { email, password });

export const signIn = (client: HttpTestClient, email: string, password: string, token?: string) =>
  post(client, "/auth/callback/password", { email, password, ...(token ? { token } : {}) });

export const forgot = (client: HttpTestClient, email: string) =>
  post(client, "/auth/password/forgot", { email });

/** Posts the reset form of a mailed reset link with `password`. */
export function reset(client: HttpTestClient, link: string, password: string, email?: string) {
  const url = new URL(link);
  return post(client, "/auth/password/reset", {
    token: url.searchParams.get("token") ?? "",
    email: email ?? url.searchParams.get("email") ?? "",
    password,
  });
}

/** Confirms a mailed confirmation link the way its page does: token plus the password. */
export function confirm(client: HttpTestClient, link: string, password: string) {
  const url = new URL(link);
  return signIn(
    client,
    url.searchParams.get("email") ?? "",
    password,
    url.searchParams.get("token") ?? "",
  );
}

/** A confirmed account: sign-up, then the link confirmed. Returns the signed-in client. */
export async function confirmedAccount(
  client: HttpTestClient,
  mail: ReturnType<typeof outboxPassword>,
  email: string,
  password: string,
) {
  await signUp(client, email, password);
  const link = await mail.next();
  const response = await confirm(client, link.url, password);
  if (response.status !== 302 || !(await client.session())) {
    throw new Error(
      `Confirming ${email} failed: ${response.status} ${response.headers.get("location")}`,
    );
  }
  return client;
}
