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

/**
 * How ids leave the adapter: as the database gives them (`SERIAL` is a number, as from
 * `@auth/pg-adapter`), or as strings with `stringIds`.
 */
export type IdMapper = (id: unknown) => unknown;
export const idAsStored: IdMapper = (id) => id;
export const idAsString: IdMapper = (id) => (id === null || id === undefined ? id : String(id));

/** A user row as stored, empty columns as `null` (as `@auth/pg-adapter`: `/session` shows them). */
export function toUser(row: Row, id: IdMapper = idAsStored): AdapterUser {
  return {
    ...row,
    id: id(row.id),
    email: row.email as string,
    emailVerified: toDate(row.emailVerified),
  } as AdapterUser;
}

/** A session row, its own `id` included when the query selected it (as `@auth/pg-adapter`). */
export function toSession(row: Row, id: IdMapper = idAsStored): AdapterSession {
  const session = {
    ...(row.id === undefined || row.id === null ? {} : { id: id(row.id) }),
    sessionToken: row.sessionToken as string,
    userId: id(row.userId),
    expires: toDate(row.expires)!,
  };
  return session as AdapterSession;
}

export function toAccount(row: Row, id: IdMapper = idAsStored): AdapterAccount {
  const account = defined(row, ["id"]);
  account.userId = id(row.userId);
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

export function toAuthenticator(row: Row, id: IdMapper = idAsStored): AdapterAuthenticator {
  return {
    ...defined(row),
    userId: id(row.userId),
    counter: Number(row.counter),
  } as AdapterAuthenticator;
}
