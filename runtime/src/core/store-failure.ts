import { AdapterError, SessionStoreUnavailable } from "../errors.js";

/**
 * SQLSTATE classes (PostgreSQL, and MySQL/MariaDB's `sqlState`) that mean the database could not
 * serve the request now, not that the request was wrong: connection exception, transaction
 * rollback (serialization failure, deadlock), insufficient resources, operator intervention
 * (shutdown, query cancelled by a timeout), system error, and MySQL's catch-all `HY`.
 */
const transientClasses = new Set(["08", "40", "53", "57", "58", "HY"]);

/** A SQLSTATE: five digits or capitals. Node's own codes (`EPIPE`) start with `E`; none does. */
const sqlState = /^[0-9A-DF-Z][0-9A-Z]{4}$/;
/** Prisma's codes: `P1xxx` are connection and server errors, the others the query's own. */
const prismaCode = /^P[1-9]\d{3}$/;

/**
 * Whether an error the database driver raised is about the request itself (a value too long, a
 * unique key taken, a malformed id: SQLSTATE classes 22, 23, 42…, Prisma `P2xxx`), which no
 * amount of waiting fixes. Everything else, a network error, a timeout, a pool that is full, an
 * adapter's error without a code, counts as the store being unavailable.
 */
function isRequestError(error: object): boolean {
  const { code, sqlState: mysqlState } = error as { code?: unknown; sqlState?: unknown };
  const state = typeof mysqlState === "string" ? mysqlState : code;
  if (typeof state !== "string") return false;
  if (prismaCode.test(state)) return !state.startsWith("P1");
  return sqlState.test(state) && !transientClasses.has(state.slice(0, 2));
}

/**
 * Whether `error` means the session store could not answer, whatever the flow was doing: a
 * {@link SessionStoreUnavailable}, or an {@link AdapterError} the adapter wrapper raised for a
 * method that threw (it names the `method`) whose cause is not an error of the request itself
 * (see `isRequestError`). Looked for along the `cause` chain, since flows wrap errors. An
 * `AdapterError` app code raises, and the rate-limit store's failures, are not the session store's.
 */
export function isStoreFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current instanceof SessionStoreUnavailable) return true;
    if (current instanceof AdapterError && current.method !== undefined) {
      let cause: unknown = current.cause;
      for (let inner = 0; inner < 4 && typeof cause === "object" && cause !== null; inner++) {
        if (isRequestError(cause)) return false;
        cause = (cause as { cause?: unknown }).cause;
      }
      return true;
    }
    current = current.cause;
  }
  return false;
}
