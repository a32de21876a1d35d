import { failureReason } from "./timed.js";

/** What an HTTP GET of a JSON resource came to. */
export type JsonAnswer =
  | { kind: "json"; status: number; body: unknown }
  | { kind: "other"; status: number; contentType: string; location: string | null }
  | { kind: "unreachable"; reason: string; timedOut: boolean };

/**
 * GETs `url` and reads its body as JSON, all within `timeoutMs` (headers and body: a server that
 * accepts the connection and never answers is a timeout, not a hang). Redirects are not followed:
 * a discovery document or an endpoint that redirects is reported as such. Never throws.
 */
export async function fetchJson(url: string, timeoutMs: number): Promise<JsonAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const get = () =>
    fetch(url, { signal, redirect: "manual", headers: { accept: "application/json" } });
  try {
    // A kept-alive connection the server closed as the request went out is reset: a GET is
    // safe to send once more (within the same bound).
    const response = await get().catch((error: unknown) => {
      if (signal.aborted || !isReset(error)) throw error;
      return get();
    });
    const contentType = response.headers.get("content-type") ?? "";
    const text = await response.text();
    if (/\bjson\b/i.test(contentType) || /^\s*[{[]/.test(text)) {
      try {
        return { kind: "json", status: response.status, body: JSON.parse(text) as unknown };
      } catch {
        // Not JSON after all: reported with its content type below.
      }
    }
    return {
      kind: "other",
      status: response.status,
      contentType: contentType || "no content type",
      location: response.headers.get("location"),
    };
  } catch (error) {
    return {
      kind: "unreachable",
      reason: failureReason(signal.aborted ? signal.reason : error, timeoutMs),
      timedOut: signal.aborted,
    };
  }
}

/** Whether a failed fetch is a connection reset (`ECONNRESET`, undici's closed socket). */
function isReset(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === "ECONNRESET" || cause?.code === "UND_ERR_SOCKET";
}

/** Whether a URL's host is this machine (where plain http is acceptable). */
export function isLoopback(url: URL): boolean {
  return /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
}
