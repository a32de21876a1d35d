import { logText } from "../../core/log-text.js";
import { ListenerLease } from "./cache-lease.js";
import { INVALIDATION_CHANNEL, type SessionCache } from "./session-cache.js";

/** What the listener needs of a `pg.Client`. */
export interface ListenerClient {
  connect(): Promise<unknown>;
  query(config: { text: string; values?: unknown[]; query_timeout: number }): Promise<unknown>;
  end(): Promise<void>;
  on(
    event: "notification",
    listener: (message: { channel: string; payload?: string }) => void,
  ): void;
  on(event: "error", listener: (error: Error) => void): void;
  on(event: "end", listener: () => void): void;
  /** `pg`'s socket, unreferenced so the listener alone never keeps a process alive. */
  connection?: { stream?: { unref?: () => void } };
}

/**
 * How often the listening connection renews its lease (cache-lease.ts), which is also its
 * heartbeat. A connection that went silent (a partition, a half-open socket) delivers no NOTIFY
 * and reports no error: only an unanswered question reveals it.
 */
export const HEARTBEAT_MS = 1_000;
/** How long a heartbeat may take before the connection is given up. */
const HEARTBEAT_TIMEOUT_MS = 1_000;
/**
 * How long one answer vouches for the cache, counted from its question: past it (no answer since,
 * a stalled event loop) entries stop serving even before the connection is given up. Above
 * interval + time-out, so a healthy connection never lapses.
 */
export const LEASE_MS = 3_000;
/** Reconnection backoff: doubles from the first delay up to the last, with jitter. */
const BACKOFF_MS = [100, 5_000] as const;

export interface InvalidationListener {
  /** Stops listening for good and closes the connection. */
  stop(): Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps one dedicated connection (`newClient`, never a pooled one: LISTEN belongs to a session)
 * listening on {@link INVALIDATION_CHANNEL} and applies each NOTIFY to `cache`. The cache is
 * trusted only between a successful LISTEN followed by the lease's registration (cache-lease.ts)
 * and the loss of that connection (an error, its end, an unanswered heartbeat, a lease that may
 * have lapsed); at the loss it is emptied, and reconnection is retried with backoff.
 */
export function startInvalidationListener(
  cache: SessionCache,
  newClient: () => Promise<ListenerClient>,
): InvalidationListener {
  const stopping = new AbortController();
  let current: ListenerClient | undefined;
  /** Whether the loss of the listener was reported (and its return is to be). */
  let reported = false;

  async function listenOnce(): Promise<void> {
    const client = await newClient();
    current = client;
    const lost = new Promise<Error>((resolve) => {
      // Attached before connecting: an unhandled "error" would end the process.
      client.on("error", resolve);
      client.on("end", () => resolve(new Error("the connection ended")));
    });
    const failOnLoss = lost.then((error) => Promise.reject(error));
    failOnLoss.catch(() => {});
    client.on("notification", (message) => {
      if (message.channel === INVALIDATION_CHANNEL) cache.apply(message.payload);
    });
    const ask = (text: string, values?: unknown[]) =>
      Promise.race([
        client.query({ text, values, query_timeout: HEARTBEAT_TIMEOUT_MS }),
        failOnLoss,
      ]);
    await Promise.race([client.connect(), failOnLoss]);
    client.connection?.stream?.unref?.();
    await ask(`LISTEN ${INVALIDATION_CHANNEL}`);
    // Without the triggers and the lease (a database not migrated to schema version 5) nothing
    // would be invalidated from elsewhere: the cache stays off until they exist.
    const lease = new ListenerLease(ask);
    await lease.assertSchema();
    // From the lease on, writers notify; entries exist only once the writers that may not have
    // seen it are done (reads begun before cannot be kept: see put()).
    const pause = async (ms: number) => {
      await Promise.race([sleep(ms, stopping.signal), failOnLoss]);
      return !stopping.signal.aborted;
    };
    if (!(await lease.register(HEARTBEAT_MS, pause))) return;
    let sent = await lease.renew();
    if (reported) console.error("[auth][postgres] session cache on again: listening");
    reported = false;
    cache.flush();
    while (!stopping.signal.aborted) {
      cache.confirm(LEASE_MS - (Date.now() - sent));
      if (!(await pause(HEARTBEAT_MS))) return;
      sent = await lease.renew();
    }
  }

  const run = async () => {
    let attempt = 0;
    while (!stopping.signal.aborted) {
      const started = Date.now();
      try {
        await listenOnce();
      } catch (error) {
        if (!stopping.signal.aborted && !reported) {
          reported = true;
          console.error(
            `[auth][postgres] session cache off (reads go to the database) until the invalidation listener reconnects: ${logText((error as Error).message)}`,
          );
        }
      } finally {
        cache.distrust();
        const client = current;
        current = undefined;
        client?.end().catch(() => {});
      }
      // A connection that listened a while starts the backoff afresh.
      if (Date.now() - started > LEASE_MS) attempt = 0;
      const delay = Math.min(BACKOFF_MS[1], BACKOFF_MS[0] * 2 ** attempt++);
      await sleep(delay * (0.5 + Math.random() / 2), stopping.signal);
    }
  };
  const running = run();

  return {
    async stop() {
      stopping.abort();
      cache.distrust();
      await current?.end().catch(() => {});
      await running;
    },
  };
}
