import { CookieJar, redirectTarget, request } from "./http.mjs";
import { BASE_PATH, OIDC_ID, PASSWORD, PASSWORD_EMAIL, USER, USERNAME } from "./shared.mjs";

const FORM = "application/x-www-form-urlencoded";
const MAX_FAILURES = 50;

/** GET {base}/csrf: the token for the next POST (its cookie goes into `jar`). */
async function csrfToken(/** @type {string} */ app, /** @type {CookieJar} */ jar) {
  const reply = jar.store(await request(`${app}${BASE_PATH}/csrf`));
  if (reply.status !== 200) throw new Error(`csrf: ${reply.status} ${reply.body}`);
  return JSON.parse(reply.body).csrfToken;
}

/** GET {base}/session: fails unless it is the signed-in session of `email`. */
async function expectSession(
  /** @type {string} */ app,
  /** @type {CookieJar} */ jar,
  /** @type {string} */ email,
) {
  const reply = jar.store(
    await request(`${app}${BASE_PATH}/session`, { headers: { cookie: jar.header() } }),
  );
  const session = reply.status === 200 ? JSON.parse(reply.body) : null;
  if (session?.user?.email !== email) {
    throw new Error(`session: ${reply.status} ${reply.body}`);
  }
}

/**
 * csrf → POST `path` with `fields` (and the token) as a browser form does. Returns the answer,
 * its cookies stored in `jar`.
 *
 * @param {string} app the app's origin
 * @param {CookieJar} jar
 * @param {string} path under the base path
 * @param {Record<string, string>} fields
 * @param {number} [timeoutMs] for the POST (a password hash can take seconds on a busy machine)
 */
async function postForm(app, jar, path, fields, timeoutMs) {
  const token = await csrfToken(app, jar);
  const body = new URLSearchParams({ ...fields, csrfToken: token }).toString();
  return jar.store(
    await request(`${app}${BASE_PATH}${path}`, {
      method: "POST",
      headers: { "content-type": FORM, cookie: jar.header() },
      body,
      ...(timeoutMs ? { timeoutMs } : {}),
    }),
  );
}

/**
 * One complete sign-in with a form provider as a browser does it: csrf → POST callback →
 * session. Fails unless the session afterwards is `email`'s.
 *
 * @param {string} app the app's origin
 * @param {string} provider the provider id (its callback path)
 * @param {Record<string, string>} fields
 * @param {string} email
 * @param {number} [timeoutMs]
 */
async function formSignIn(app, provider, fields, email, timeoutMs) {
  const jar = new CookieJar();
  const signedIn = await postForm(
    app,
    jar,
    `/callback/${provider}`,
    { ...fields, callbackUrl: `${app}/` },
    timeoutMs,
  );
  if (new URL(redirectTarget(signedIn)).pathname !== "/") {
    throw new Error(`${provider} callback went to ${signedIn.headers.location}`);
  }
  await expectSession(app, jar, email);
}

/** One complete Credentials sign-in (csrf → POST callback → session). */
export const credentialsFlow = (/** @type {string} */ app) =>
  formSignIn(app, "credentials", { username: USERNAME, password: PASSWORD }, USER.email);

/**
 * One complete password sign-in of the account {@link passwordSignUp} made. The callback may
 * wait for a scrypt behind others in libuv's pool: it gets two minutes, not the usual 15 s.
 */
export const passwordFlow = (/** @type {string} */ app) =>
  formSignIn(
    app,
    "password",
    { email: PASSWORD_EMAIL, password: PASSWORD },
    PASSWORD_EMAIL,
    120_000,
  );

/** Makes the password account through the sign-up endpoint (the app needs no confirmation). */
export async function passwordSignUp(/** @type {string} */ app) {
  const answer = await postForm(app, new CookieJar(), "/password/signup", {
    email: PASSWORD_EMAIL,
    password: PASSWORD,
  });
  const target = new URL(redirectTarget(answer));
  if (target.searchParams.get("type") !== "signup") {
    throw new Error(`password sign-up went to ${answer.headers.location}`);
  }
}

/**
 * One complete OpenID Connect sign-in without a browser: csrf → POST signin → the OP's
 * authorization endpoint (and, the first time for `opJar`, its auto-login interaction) →
 * the app's callback (which redeems the code at the OP) → session.
 *
 * @param {string} app the app's origin
 * @param {CookieJar} opJar the OP's cookies, shared across flows like one signed-in person's
 */
export async function oidcFlow(app, opJar) {
  const jar = new CookieJar();
  const token = await csrfToken(app, jar);
  const started = jar.store(
    await request(`${app}${BASE_PATH}/signin/${OIDC_ID}`, {
      method: "POST",
      headers: { "content-type": FORM, cookie: jar.header() },
      body: new URLSearchParams({ csrfToken: token, callbackUrl: `${app}/` }).toString(),
    }),
  );
  let next = redirectTarget(started);
  // At most: authorization → interaction → resume → app callback.
  for (let hop = 0; hop < 4 && !next.startsWith(app); hop++) {
    const reply = opJar.store(await request(next, { headers: { cookie: opJar.header() } }));
    next = redirectTarget(reply);
  }
  if (!next.startsWith(`${app}${BASE_PATH}/callback/${OIDC_ID}`)) {
    throw new Error(`the OP did not send us back to the callback: ${next}`);
  }
  const finished = jar.store(await request(next, { headers: { cookie: jar.header() } }));
  if (new URL(redirectTarget(finished)).pathname !== "/") {
    throw new Error(`oidc callback went to ${finished.headers.location}`);
  }
  await expectSession(app, jar, "alice@example.test");
}

/**
 * Runs `flow` in `workers` concurrent loops for `durationMs` and counts complete flows. The
 * loops stop by themselves at the deadline; a flow already started is finished and counted, and
 * the rate is taken over the real elapsed time.
 *
 * @param {() => Promise<void>} flow
 * @param {{ workers: number, durationMs: number }} options
 */
export async function runFlows(flow, { workers, durationMs }) {
  const start = performance.now();
  const deadline = start + durationMs;
  let completed = 0;
  let failed = 0;
  /** @type {string | undefined} */
  let firstError;
  const loop = async () => {
    // A broken app fails fast: give up early rather than spin until the deadline.
    while (performance.now() < deadline && failed < MAX_FAILURES) {
      try {
        await flow();
        completed++;
      } catch (error) {
        failed++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, loop));
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: completed / seconds, completed, failed, firstError, seconds };
}
