/**
 * The soak's mixed workload against one app: concurrent loops, each picking one action at a
 * time, every request timed. Legitimate clients come from a pool of 2 000 addresses, failed
 * sign-ins from anywhere in 10.0.0.0/8 (so each one opens new rate-limit windows), all through
 * `X-Forwarded-For` on loopback.
 */
import { CookieJar, request } from "../lib/http.mjs";
import { CLICK_DOMAIN, PASSWORD } from "./shared.mjs";

const FORM = "application/x-www-form-urlencoded";
/** Share of iterations per action (they add up to 1). */
const MIX = [
  ["credentials", 0.3],
  ["emailClicked", 0.2],
  ["emailNeverClicked", 0.2],
  ["failedSignIn", 0.3],
];

const random = (/** @type {number} */ n) => Math.floor(Math.random() * n);
const someone = () => `10.1.${random(8)}.${random(250)}`;
const anywhere = () => `10.${2 + random(250)}.${random(256)}.${random(256)}`;

/** Latencies and failures of one app since the last `take()`. */
export class Window {
  /** @type {number[]} */
  latencies = [];
  errors = 0;
  /** @type {string[]} the first few, to say what went wrong */
  examples = [];

  failed(/** @type {unknown} */ error) {
    this.errors++;
    if (this.examples.length < 5) this.examples.push(String(error));
  }

  /** The window's figures, and a fresh window. */
  take() {
    const sorted = Float64Array.from(this.latencies).sort();
    const at = (/** @type {number} */ q) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
    const figures = {
      requests: sorted.length,
      errors: this.errors,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      examples: this.examples,
    };
    this.latencies = [];
    this.errors = 0;
    this.examples = [];
    return figures;
  }
}

/** One browser-like client: its cookies, its address, and a timed request. */
class Client {
  jar = new CookieJar();

  constructor(
    /** @type {string} */ app,
    /** @type {Window} */ window,
    /** @type {string} */ address,
  ) {
    this.app = app;
    this.window = window;
    this.address = address;
  }

  async send(/** @type {string} */ path, /** @type {Record<string, string> | undefined} */ form) {
    const headers = /** @type {Record<string, string>} */ ({
      cookie: this.jar.header(),
      "x-forwarded-for": this.address,
    });
    if (form) headers["content-type"] = FORM;
    const started = performance.now();
    const reply = await request(path.startsWith("http") ? path : `${this.app}${path}`, {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.window.latencies.push(performance.now() - started);
    if (reply.status >= 500)
      throw new Error(`${path}: ${reply.status} ${reply.body.slice(0, 200)}`);
    return this.jar.store(reply);
  }

  async csrf() {
    return JSON.parse((await this.send("/auth/csrf")).body).csrfToken;
  }

  /** Three session reads, as three pages would; fails unless they show `email`. */
  async readSession(/** @type {string} */ email) {
    for (let read = 0; read < 3; read++) {
      const session = JSON.parse((await this.send("/auth/session")).body);
      if (session?.user?.email !== email) throw new Error(`session is not ${email}: ${session}`);
    }
  }

  async signOut() {
    const reply = await this.send("/auth/signout", { csrfToken: await this.csrf() });
    if (reply.status !== 302) throw new Error(`signout: ${reply.status}`);
  }
}

/** @type {Record<string, (client: Client, loop: number, round: number) => Promise<void>>} */
const actions = {
  async credentials(client) {
    const username = `user${random(1000)}`;
    const reply = await client.send("/auth/callback/credentials", {
      csrfToken: await client.csrf(),
      username,
      password: PASSWORD,
    });
    if (reply.status !== 302) throw new Error(`credentials: ${reply.status}`);
    await client.readSession(`${username}@soak.test`);
    await client.signOut();
  },
  async emailClicked(client, loop, round) {
    // One address per loop at a time, so two loops never wait for the same link.
    const email = `loop${loop}-${round % 100}${CLICK_DOMAIN}`;
    await client.send("/auth/signin/email", { csrfToken: await client.csrf(), email });
    const link = await client.send(`/soak/link?email=${encodeURIComponent(email)}`);
    if (link.status !== 200) throw new Error(`no magic link for ${email}: ${link.status}`);
    const callback = await client.send(JSON.parse(link.body).url);
    if (callback.status !== 302) throw new Error(`email callback: ${callback.status}`);
    await client.readSession(email);
    // Half sign out (the row goes at once); the other half leave their session to expire.
    if (round % 2 === 0) await client.signOut();
  },
  async emailNeverClicked(client) {
    const email = `${crypto.randomUUID()}@unread.soak.test`;
    await client.send("/auth/signin/email", { csrfToken: await client.csrf(), email });
  },
  async failedSignIn(client) {
    client.address = anywhere();
    const reply = await client.send("/auth/callback/credentials", {
      csrfToken: await client.csrf(),
      username: `victim${random(200)}`,
      password: "wrong",
    });
    // Refused (an error redirect) or limited (429), never signed in.
    if (reply.status !== 302 && reply.status !== 429) throw new Error(`failed: ${reply.status}`);
    if (reply.headers.location && !reply.headers.location.includes("error")) {
      throw new Error(`a wrong password signed in: ${reply.headers.location}`);
    }
  },
};

function pick() {
  let roll = Math.random();
  for (const [name, share] of MIX) {
    roll -= /** @type {number} */ (share);
    if (roll < 0) return /** @type {string} */ (name);
  }
  return "credentials";
}

/**
 * Runs `loops` concurrent clients against `app` until `signal` aborts, timing every request
 * into `window`. A failed action is counted and the loop goes on. `only` runs one action of the
 * mix instead of all of them (the pruning bench signs in with magic links only).
 */
export async function runWorkload(
  /** @type {string} */ app,
  /** @type {number} */ loops,
  /** @type {Window} */ window,
  /** @type {AbortSignal} */ signal,
  /** @type {keyof typeof actions | undefined} */ only = undefined,
) {
  const loop = async (/** @type {number} */ index) => {
    for (let round = 0; !signal.aborted; round++) {
      const client = new Client(app, window, someone());
      try {
        await actions[only ?? pick()](client, index, round);
      } catch (error) {
        if (!signal.aborted) window.failed(error);
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, index) => loop(index)));
}
