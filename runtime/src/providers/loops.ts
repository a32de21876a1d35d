/**
 * Magic-link sign-in by email, sent through a Loops transactional email. Auth.js's `Loops`
 * provider: same id and options (`apiKey`, `transactionalId`); the key defaults to
 * `AUTH_LOOPS_KEY` and the template to `AUTH_LOOPS_TRANSACTIONAL_ID`.
 *
 * The mail is the Loops template's, not ours: it gets the link as the data variable `url`, and
 * its sender, subject and body are set in Loops.
 *
 * @module providers/loops
 */
import { type HttpEmailUserConfig, type HttpSender, httpEmailPreset } from "./http-email.js";
import type { EmailConfig } from "./types.js";

export interface LoopsUserConfig extends HttpEmailUserConfig {
  /** The id of the published transactional email. Default `AUTH_LOOPS_TRANSACTIONAL_ID`. */
  transactionalId?: string;
}

// POST https://app.loops.so/api/v1/transactional, `Authorization: Bearer <key>`, JSON with
// `transactionalId`, `email` (the recipient) and `dataVariables`. It answers 200 with
// `{ success: true }`; an unknown template is a 404, anything else refused a 400, both with
// `{ success: false, message }`.
// https://loops.so/docs/api-reference/send-transactional-email
// https://loops.so/docs/transactional/guide (data variables)
const sender: HttpSender = {
  id: "loops",
  name: "Loops",
  needsFrom: false,
  build: ({ to, url }, provider) => {
    const { transactionalId } = provider as EmailConfig & LoopsUserConfig;
    if (!transactionalId)
      throw new TypeError(
        "Loops has no transactional email: set `transactionalId` (or AUTH_LOOPS_TRANSACTIONAL_ID) to the id of a published transactional email with a `url` data variable",
      );
    return {
      url: "https://app.loops.so/api/v1/transactional",
      headers: { authorization: `Bearer ${provider.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ transactionalId, email: to, dataVariables: { url } }),
    };
  },
};

/**
 * Sends sign-in links with a Loops transactional email whose `url` data variable is the link.
 * Needs an adapter.
 *
 * @example
 * ```ts
 * Loops({ transactionalId: "clx1234abc" })
 * ```
 */
export default function Loops(config: LoopsUserConfig = {}): EmailConfig {
  const env = globalThis.process?.env ?? {};
  return httpEmailPreset(sender, config, {
    ...(env.AUTH_LOOPS_TRANSACTIONAL_ID
      ? { transactionalId: env.AUTH_LOOPS_TRANSACTIONAL_ID }
      : {}),
  });
}
