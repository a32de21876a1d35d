import { errorPage } from "../../pages/index.js";
import { configurationDiagnosis } from "../configuration-diagnosis.js";
import type { AuthContext } from "../context.js";
import type { ActionResult } from "./result.js";
import { withQuery } from "./signin.js";

/** GET `{base}/error?error=<type>`: the built-in error page, or a redirect to `pages.error`. */
export function errorAction(ctx: AuthContext): ActionResult {
  const { config } = ctx;
  const error = ctx.query.error;
  // Auth.js appends the raw value unencoded (reference §11 item 16); we encode it.
  if (config.pages.error) return { redirect: withQuery(config.pages.error, { error }) };
  return {
    page: errorPage({
      error,
      signInUrl: `${ctx.base}/signin`,
      homeUrl: ctx.origin,
      theme: config.theme,
      diagnosis:
        error === "Configuration" && config.development
          ? configurationDiagnosis(config)
          : undefined,
    }),
  };
}
