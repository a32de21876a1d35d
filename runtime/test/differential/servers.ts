/**
 * `@auth/express` and our `ExpressAuth` on two real Express 4 servers on 127.0.0.1, with the same
 * configuration, and a reduction of a response to what a user sees once random values
 * (tokens, timestamps, cookie values) are masked.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import AuthJsCredentials from "@auth/core/providers/credentials";
import AuthJsGitHub from "@auth/core/providers/github";
import { ExpressAuth as AuthJsExpressAuth } from "@auth/express";
import { ExpressAuth } from "../../src/express/index.js";
import Credentials from "../../src/providers/credentials.js";
import GitHub from "../../src/providers/github.js";
import { express4 } from "../express/app.js";
import { captureLogger, HttpTestClient, SECRET } from "../helpers.js";

const alice = { id: "1", name: "Alice", email: "alice@example.com" };

function authorize(credentials: Partial<Record<string, unknown>>) {
  return credentials.username === "alice" ? alice : null;
}

/** What each server logged as errors, emptied by the caller between scenarios. */
export const logged = { ours: [] as Error[], authJs: [] as Error[] };

/** The configuration both servers share, built with each library's own presets. */
export function endpointConfig(library: "ours" | "authJs") {
  const github = { clientId: "client-1", clientSecret: "secret-1" };
  const credentials = { credentials: { username: { label: "Username" } }, authorize };
  return {
    secret: SECRET,
    trustHost: true,
    logger: {
      ...captureLogger().logger,
      error: (error: Error) => {
        logged[library].push(error);
      },
    },
    providers:
      library === "ours"
        ? [Credentials(credentials), GitHub(github)]
        : [AuthJsCredentials(credentials), AuthJsGitHub(github)],
  };
}

export async function listen(
  app: ReturnType<typeof express4>,
): Promise<{ server: Server; origin: string }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Both servers; `close()` stops them. */
export function startServers() {
  return startServerPair(endpointConfig);
}

/**
 * `@auth/express` and our `ExpressAuth`, each on its own real Express 4 server, configured by
 * `configFor(library)` (called once per library: configurations are not shared, as Auth.js
 * mutates its own).
 */
export async function startServerPair(configFor: (library: "ours" | "authJs") => object) {
  const theirs = express4();
  theirs.set("trust proxy", true);
  theirs.use("/auth/*", AuthJsExpressAuth(configFor("authJs") as never) as never);
  const mine = express4();
  mine.set("trust proxy", true);
  mine.use("/auth", ExpressAuth(configFor("ours") as never) as never);
  const [a, b] = await Promise.all([listen(theirs), listen(mine)]);
  return {
    authJs: a.origin,
    ours: b.origin,
    close: () => Promise.all([a, b].map(({ server }) => new Promise((r) => server.close(r)))),
  };
}

/** A fresh browser (cookie jar) on one server. */
export function browser(origin: string) {
  return new HttpTestClient(origin);
}

const random = /^[0-9a-f]{64}$/;

/** The server's own address, on either scheme, as `{host}`: the two servers differ only there. */
export function maskValue(value: string, origin: string): string {
  return value.split(new URL(origin).host).join("{host}");
}

/** Values each request makes anew, masked in a redirect to a provider. */
const randomParams = new Set(["code_challenge", "state", "nonce"]);

/**
 * A `Location` as a user follows it: the app's own host masked, also inside query values (a
 * provider's `redirect_uri`), and the per-request random parameters (PKCE challenge, state,
 * nonce) masked too, so two apps' redirects to the same provider compare equal.
 */
function maskLocation(location: string, origin: string): string {
  const masked = maskValue(location, origin);
  if (!masked.includes("?") || !URL.canParse(masked)) return masked;
  const url = new URL(masked);
  const query = [...url.searchParams]
    .map(
      ([key, value]) => `${key}=${randomParams.has(key) ? "<random>" : maskValue(value, origin)}`,
    )
    .join("&");
  return `${url.origin}${url.pathname}?${query}`;
}

/** What a user sees of a response: status, the headers that matter, cookies, the body. */
export async function observe(response: Response, origin: string) {
  const type = response.headers.get("content-type") ?? "";
  const location = response.headers.get("location");
  const cookies = response.headers
    .getSetCookie()
    .map((line) => {
      const [pair, ...attributes] = line.split(/;\s*/);
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      const kept = attributes
        .map((a) => a.toLowerCase())
        .filter((a) => !a.startsWith("expires="))
        .sort();
      const shown =
        value === ""
          ? ""
          : name.endsWith("callback-url")
            ? maskValue(decodeURIComponent(value), origin)
            : "<value>";
      return `${name}=${shown}; ${kept.join("; ")}`;
    })
    .sort();
  const text = await response.text();
  let body: unknown = text;
  if (type.includes("json") && text !== "") {
    body = JSON.parse(maskValue(text, origin), (key, value) =>
      key === "csrfToken" && random.test(value) ? "<token>" : key === "expires" ? "<time>" : value,
    );
  } else if (type.includes("html")) {
    body = pageForms(text, origin);
  }
  return {
    status: response.status,
    contentType: type.split(";")[0] || null,
    location: location && maskLocation(location, origin),
    cacheControl: response.headers.get("cache-control"),
    cookies,
    body,
  };
}

/**
 * Logged errors as an operator reads them: type and message, without Auth.js's "Read more"
 * link (a URL about its own site).
 */
export function errorLog(errors: Error[]) {
  return errors.map((error) => {
    const type = (error as { type?: string }).type ?? error.name;
    const message = error.message.replace(
      /\.? ?Read more at https:\/\/errors\.authjs\.dev#\S+$/,
      "",
    );
    return `${type}: ${message}`;
  });
}

/**
 * What a built-in page lets a user do, markup aside (each library has its own): every form's
 * method and action with the names of its fields, in order, and the page's links.
 */
export function pageForms(html: string, origin: string) {
  // Equivalent URLs read the same (`http://host` is `http://host/`).
  const target = (href: string | undefined) => {
    if (href === undefined) return undefined;
    try {
      return maskValue(new URL(href, origin).href, origin);
    } catch {
      return href;
    }
  };
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}=["']([^"']*)["']`, "i").exec(tag)?.[1]?.replace(/&amp;/g, "&");
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map(([form]) => {
    const open = /<form\b[^>]*>/i.exec(form)![0];
    const fields = [...form.matchAll(/<(?:input|button)\b[^>]*>/gi)]
      .map(([tag]) => attribute(tag, "name"))
      .filter((name): name is string => name !== undefined);
    return `${(attribute(open, "method") ?? "get").toUpperCase()} ${target(attribute(open, "action"))} [${[...new Set(fields)].join(", ")}]`;
  });
  const links = [...html.matchAll(/<a\b[^>]*>/gi)]
    .map(([tag]) => target(attribute(tag, "href")))
    .filter((href): href is string => href !== undefined);
  return { forms, links };
}
