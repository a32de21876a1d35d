/**
 * A time bound on a call the runtime does not control (a user's Redis client, an SMTP send):
 * whichever settles first, the call or the deadline, settles the result. The timer is cleared
 * either way, so a finished call leaves nothing behind to keep the process alive.
 */

/** Asserts a timeout option: a positive, finite number of milliseconds. */
export function assertTimeout(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive number of milliseconds, received ${value}`);
  }
  return value;
}

/**
 * `work`, or a rejection with `onTimeout()` once `ms` milliseconds have passed. `onTimeout` may
 * also abort the work (close a connection); the work's later result or failure is ignored.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  // A late failure of the abandoned work must not surface as an unhandled rejection.
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
