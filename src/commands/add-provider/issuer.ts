import { discover } from "../../check/online/discovery.js";
import { isLoopback } from "../../check/online/fetch-json.js";
import { parseTimeout } from "../../check/online/run-online.js";
import { CliError } from "../../errors.js";

/** An issuer must be an https URL (http only on loopback, for local development). */
export function checkIssuer(issuer: string): string | undefined {
  try {
    const url = new URL(issuer);
    if (url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url)))
      return undefined;
    return `--issuer must be an https URL (http only for localhost), got "${issuer}".`;
  } catch {
    return `--issuer must be a URL such as https://sso.example.com, got "${issuer}".`;
  }
}

/**
 * Reads the issuer's discovery document and refuses an issuer the runtime could not sign anyone
 * in with (wrong `issuer`, missing endpoints or keys, only `none`/HS* ID tokens, no code flow,
 * PKCE without S256), naming what the issuer got wrong. Returns the document's URL.
 */
export async function verifyIssuer(
  issuer: string,
  provider: string,
  timeout: string | undefined,
): Promise<string> {
  const discovery = await discover(issuer, parseTimeout(timeout));
  if (discovery.ok) return discovery.url;
  const unreachable = discovery.reason === "unreachable";
  throw new CliError(
    unreachable ? "issuer_unreachable" : "invalid_issuer",
    `${provider}: the issuer ${issuer} ${discovery.problem}. Nothing was written. ${discovery.fix}${
      unreachable ? " (--no-discovery writes it unchecked.)" : ""
    }`,
    1,
    { issuer, url: discovery.url, reason: discovery.reason, problems: discovery.problems },
  );
}
