/**
 * Token responses that break RFC 6749 §5.1 in a known way (no `token_type`, a `null` scope),
 * conformed before validation. See the `conform` hook of `token` in `types.ts`.
 *
 * @module providers/token-response
 */
import { conformJson } from "./conform.js";

/**
 * A `token.conform` hook: a successful JSON body with an `access_token` gets `token_type: Bearer`
 * when it has none, and loses `scope` when it is not a string. Other responses pass unchanged.
 */
export async function conformBearer(response: Response): Promise<Response | undefined> {
  if (!response.ok) return undefined;
  const body = (await response.json().catch(() => undefined)) as
    | Record<string, unknown>
    | undefined;
  if (!body || typeof body.access_token !== "string") return undefined;
  const { scope, ...rest } = body;
  return Response.json(
    {
      ...rest,
      token_type: body.token_type ?? "Bearer",
      ...(typeof scope === "string" ? { scope } : {}),
    },
    { headers: response.headers },
  );
}

/**
 * A `token.conform` hook for token endpoints that answer an error with HTTP 200 (Zoho, TikTok):
 * a body with an `error` and no `access_token` becomes the 400 it stands for, so the sign-in
 * ends as a token error. Other responses pass unchanged.
 */
export const conformErrorStatus = conformJson((body, response) =>
  response.ok && body.error !== undefined && body.access_token === undefined
    ? { body, status: 400 }
    : undefined,
);
