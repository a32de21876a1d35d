import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../../adapters.js";

type Row = Record<string, unknown>;

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value
      : new Date(String(value));

/** Copies a row without null columns (the adapter interface uses absent, not null). */
function defined(row: Row, skip: string[] = []): Row {
  const result: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (value !== null && value !== undefined && !skip.includes(key)) result[key] = value;
  }
  return result;
}

export function toUser(row: Row): AdapterUser {
  return {
    ...defined(row, ["emailVerified"]),
    id: String(row.id),
    email: row.email as string,
    emailVerified: toDate(row.emailVerified),
  } as AdapterUser;
}

export function toSession(row: Row): AdapterSession {
  return {
    sessionToken: row.sessionToken as string,
    userId: String(row.userId),
    expires: toDate(row.expires)!,
  };
}

export function toAccount(row: Row): AdapterAccount {
  const account = defined(row, ["id"]);
  account.userId = String(row.userId);
  // BIGINT: a string from `pg`, a number from PGlite.
  if (row.expires_at !== null && row.expires_at !== undefined)
    account.expires_at = Number(row.expires_at);
  return account as unknown as AdapterAccount;
}

export function toVerificationToken(row: Row): VerificationToken {
  return {
    identifier: row.identifier as string,
    token: row.token as string,
    expires: toDate(row.expires)!,
  };
}

export function toAuthenticator(row: Row): AdapterAuthenticator {
  return {
    ...defined(row),
    userId: String(row.userId),
    counter: Number(row.counter),
  } as AdapterAuthenticator;
}
