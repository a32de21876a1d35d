import { InvalidProvider } from "../../errors.js";
import { oauthCallback } from "../../oauth/index.js";
import { webAuthnCallback } from "../../webauthn/callback.js";
import type { AuthContext } from "../context.js";
import { credentialsCallback } from "../flows/credentials.js";
import { emailCallback } from "../flows/email.js";
import { passwordSignIn } from "../flows/password/signin.js";
import type { ActionResult } from "./result.js";

/** GET/POST `{base}/callback/<id>`: finishes a sign-in with the provider's own flow. */
export async function callbackAction(ctx: AuthContext): Promise<ActionResult> {
  const { provider } = ctx;
  if (!provider) throw new InvalidProvider("Callback route called without provider");
  switch (provider.type) {
    case "oauth":
    case "oidc":
      return { redirect: await oauthCallback(ctx, provider) };
    case "email":
      return { redirect: await emailCallback(ctx, provider) };
    case "credentials":
      return { redirect: await credentialsCallback(ctx, provider) };
    case "webauthn":
      return { redirect: await webAuthnCallback(ctx) };
    case "password":
      if (ctx.request.method !== "POST") {
        throw new InvalidProvider(
          "Callback for provider type (password) is not supported with GET",
        );
      }
      return { redirect: await passwordSignIn(ctx, provider) };
    default:
      throw new InvalidProvider(
        `Callback for provider type (${(provider as { type: string }).type}) is not supported`,
      );
  }
}
