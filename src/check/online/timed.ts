/** Raised when a probe's step does not finish within its bound. */
export class ProbeTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms (timeout)`);
  }
}

/**
 * `work`, or a {@link ProbeTimeout} after `ms`. The work itself cannot be cancelled here: when it
 * finishes late, `late` receives its value (to close a connection opened after all).
 */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  late?: (value: T) => unknown,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new ProbeTimeout(ms));
    }, ms);
  });
  work.then(
    (value) => {
      if (timedOut) void Promise.resolve(late?.(value)).catch(() => undefined);
    },
    () => undefined,
  );
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}

/**
 * One line saying why a network step failed: the system's code (`ECONNREFUSED`, `ENOTFOUND`)
 * with its address when there is one, `timeout` for a bound that ran out, else the message.
 */
export function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof ProbeTimeout) return error.message;
  const failure = error as { name?: string; message?: string; code?: string; cause?: unknown };
  if (failure.name === "TimeoutError" || failure.name === "AbortError")
    return `no answer within ${timeoutMs} ms (timeout)`;
  const cause = (failure.cause ?? failure) as {
    code?: string;
    message?: string;
    errors?: { code?: string; message?: string }[];
  };
  // Node's fetch wraps the socket error ("fetch failed"); an AggregateError holds one per address.
  const inner = cause.errors?.[0] ?? cause;
  const code = inner.code ?? cause.code ?? failure.code;
  const message = inner.message ?? cause.message ?? failure.message ?? String(error);
  if (code && message.includes(code)) return message;
  return code ? `${code}: ${message}` : message;
}
