/**
 * Token responses that break RFC 6749 §5.1 in a known way (no `token_type`, a `null` scope),
 * conformed before validation. See the `conform` hook of `token` in `types.ts`.
 *
 * @module providers/token-response
 */

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
