import { redactUrl } from "../../commands/migrate.js";
import { frameworkById } from "../../frameworks/registry.js";
import { place } from "../helpers.js";
import type { CheckContext } from "../types.js";
import { fetchJson } from "./fetch-json.js";
import type { ProbeOptions, ProbeOutcome } from "./types.js";

const trimSlashes = (path: string) => `/${path.replace(/^\/+|\/+$/g, "")}`.replace(/^\/$/, "");

/**
 * Where the endpoints live below AUTH_URL's origin, as the runtime decides it: the configuration's
 * literal `basePath` (or SolidStart's `prefix`), else AUTH_URL's own path, else the framework's
 * default mount.
 */
function basePath(context: CheckContext, authUrl: URL): string {
  const { config } = context.setup;
  for (const written of [config.basePath, config.prefix])
    if (written && written.value !== "dynamic") return trimSlashes(written.value);
  if (authUrl.pathname !== "/") return trimSlashes(authUrl.pathname);
  return trimSlashes(frameworkById(context.framework.framework).defaultMount);
}

/**
 * GETs `<AUTH_URL origin><basePath>/providers`: the app must be running there and answer with the
 * providers' JSON. Nothing answering is a warning (the app may simply not be started); an answer
 * that is not the endpoint's is an error (auth is not mounted where AUTH_URL says).
 */
export async function probeAuthUrl(
  context: CheckContext,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  const variable = context.env.get("AUTH_URL");
  if (!variable?.value || !URL.canParse(variable.value))
    return {
      results: [
        {
          probe: "auth-url",
          target: "AUTH_URL",
          status: "skipped",
          detail: variable?.value ? "not a URL (see auth-url-invalid)" : "not set",
        },
      ],
      findings: [],
    };
  const authUrl = new URL(variable.value);
  const url = `${authUrl.origin}${basePath(context, authUrl)}/providers`;
  const target = redactUrl(url);
  const answer = await fetchJson(url, options.timeoutMs);
  const at = place(variable);
  if (answer.kind === "unreachable")
    return {
      results: [{ probe: "auth-url", target, status: "warning", detail: answer.reason }],
      findings: [
        {
          rule: "online-auth-url-down",
          ...at,
          message: `Nothing answers at ${target} (${answer.reason}): is the app running?`,
          why: "AUTH_URL is where browsers and providers are sent back to: if the app is not reachable there, sign-in cannot complete.",
          fix: "Start the app (or run check --online where it is deployed), and make AUTH_URL the app's public URL.",
        },
      ],
    };
  const body = answer.kind === "json" ? answer.body : undefined;
  if (answer.status === 200 && body && typeof body === "object" && !Array.isArray(body)) {
    const ids = Object.keys(body);
    return {
      results: [
        {
          probe: "auth-url",
          target,
          status: "ok",
          detail: `answers with ${ids.length} provider${ids.length === 1 ? "" : "s"}${ids.length ? ` (${ids.join(", ")})` : ""}`,
        },
      ],
      findings: [],
    };
  }
  const what =
    answer.kind === "other" ? `${answer.status} (${answer.contentType})` : `${answer.status} JSON`;
  return {
    results: [{ probe: "auth-url", target, status: "error", detail: `answered ${what}` }],
    findings: [
      {
        rule: "online-auth-url",
        ...at,
        message: `${target} answered ${what}, not the providers' JSON: the auth endpoints are not served there.`,
        why: "Sign-in links, callback URLs and redirects are built from AUTH_URL: every one of them would land on a page that is not auth's.",
        fix: "Make AUTH_URL the app's public URL (with the auth base path, e.g. https://app.example.com/auth), or mount the auth endpoints where it points.",
      },
    ],
  };
}
