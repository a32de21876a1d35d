/**
 * Token responses that do not follow RFC 6749 §5.1-5.2, rewritten before validation.
 *
 * @module providers/conform
 */

/** What a rewrite returns: the new JSON body and, when it changes, the status. */
export interface ConformedBody {
  body: Record<string, unknown>;
  status?: number;
}

/**
 * A `token.conform` hook from a rewrite of the JSON body: `rewrite` returns the new body (and
 * status), or `undefined` to keep the response as it is. A body that is not a JSON object is kept.
 */
export function conformJson(
  rewrite: (body: Record<string, unknown>, response: Response) => ConformedBody | undefined,
): (response: Response) => Promise<Response | undefined> {
  return async (response) => {
    const body: unknown = await response.json().catch(() => undefined);
    if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
    const out = rewrite(body as Record<string, unknown>, response);
    return out
      ? Response.json(out.body, {
          status: out.status ?? response.status,
          headers: response.headers,
        })
      : undefined;
  };
}
