import type { PublicProvider } from "../../providers/types.js";
import { type AuthContext, providerUrls } from "../context.js";
import type { ActionResult } from "./result.js";

/** GET `{base}/providers`: every configured provider with its sign-in and callback URLs. */
export function providersAction(ctx: AuthContext): ActionResult {
  const providers: Record<string, PublicProvider> = {};
  for (const { id, name, type } of ctx.config.providers) {
    providers[id] = { id, name, type, ...providerUrls(ctx, { id }) };
  }
  return { json: providers };
}
