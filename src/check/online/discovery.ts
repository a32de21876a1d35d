import { fetchJson, isLoopback } from "./fetch-json.js";

/** The endpoints the runtime takes from discovery, each of which must be usable. */
const ENDPOINTS = ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const;

/**
 * The ID token signature algorithms the runtime verifies (oauth4webapi's asymmetric set on
 * Node's WebCrypto). `none` and the HS* family are refused: an unsigned token proves nothing,
 * and HMAC would make the client secret the verification key.
 */
export const ID_TOKEN_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

/**
 * `{issuer}/.well-known/openid-configuration`, a path issuer keeping its path
 * ([OIDC Discovery §4](https://openid.net/specs/openid-connect-discovery-1_0.html#ProviderConfig)).
 */
export function discoveryUrl(issuer: string): string {
  const url = new URL(issuer);
  url.pathname = `${url.pathname}/.well-known/openid-configuration`.replace("//", "/");
  return url.toString();
}

/** Whether a URL may carry OAuth traffic: https, or plain http on this machine. */
export function isSecureUrl(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url));
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : undefined;

/** What the runtime cannot work with in the advertised algorithms, response types and PKCE. */
function capabilityProblems(document: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const algorithms = strings(document.id_token_signing_alg_values_supported);
  if (!algorithms) problems.push("id_token_signing_alg_values_supported is missing");
  else if (!algorithms.some((alg) => ID_TOKEN_ALGORITHMS.includes(alg)))
    problems.push(
      `id_token_signing_alg_values_supported offers only ${JSON.stringify(algorithms)}: ID tokens must be signed with one of ${ID_TOKEN_ALGORITHMS.join(", ")} (not none, nor HS* with the client secret)`,
    );
  const responseTypes = strings(document.response_types_supported);
  if (!responseTypes) problems.push("response_types_supported is missing");
  else if (!responseTypes.includes("code"))
    problems.push(
      `response_types_supported ${JSON.stringify(responseTypes)} lacks "code" (the authorization code flow the runtime uses)`,
    );
  const pkce = strings(document.code_challenge_methods_supported);
  if (pkce && !pkce.includes("S256"))
    problems.push(
      `code_challenge_methods_supported ${JSON.stringify(pkce)} lacks "S256" (the PKCE method the runtime sends)`,
    );
  return problems;
}

/**
 * What is wrong with a discovery document for `issuer` (empty: nothing): its `issuer` must be
 * the configured one exactly (§4.3), its endpoints present and https, and what it supports must
 * include what the runtime does.
 */
export function discoveryProblems(body: unknown, issuer: string): string[] {
  if (!body || typeof body !== "object" || Array.isArray(body))
    return ["the document is not a JSON object"];
  const document = body as Record<string, unknown>;
  const problems: string[] = [];
  if (document.issuer !== issuer)
    problems.push(
      `it names the issuer ${JSON.stringify(document.issuer)}, not the configured "${issuer}" (compared exactly: a trailing slash counts)`,
    );
  for (const name of ENDPOINTS) {
    const value = document[name];
    if (typeof value !== "string" || !URL.canParse(value)) {
      problems.push(`${name} is missing`);
      continue;
    }
    if (!isSecureUrl(new URL(value))) problems.push(`${name} is not https (${value})`);
  }
  return [...problems, ...capabilityProblems(document)];
}

/** How reading an issuer's discovery document went. */
export type Discovery =
  | { ok: true; url: string; document: Record<string, unknown> }
  | {
      ok: false;
      url: string;
      /** `unreachable`: no answer; `no_document`: not a 200 JSON answer; `invalid`: refused. */
      reason: "unreachable" | "no_document" | "invalid";
      /** Completes "the issuer … ", e.g. "cannot be reached: GET … failed (ECONNREFUSED)". */
      problem: string;
      problems: string[];
      fix: string;
    };

/** Fetches `issuer`'s discovery document within `timeoutMs` and judges it. Never throws. */
export async function discover(issuer: string, timeoutMs: number): Promise<Discovery> {
  const url = discoveryUrl(issuer);
  const answer = await fetchJson(url, timeoutMs);
  if (answer.kind === "unreachable")
    return {
      ok: false,
      url,
      reason: "unreachable",
      problem: `cannot be reached: GET ${url} failed (${answer.reason})`,
      problems: [answer.reason],
      fix: "Check the issuer URL and that this machine can reach it (DNS, firewall, proxy); the app's servers need the same.",
    };
  if (answer.kind === "other" || answer.status !== 200) {
    const what =
      answer.kind === "other"
        ? `${answer.status}${answer.location ? ` redirecting to ${answer.location}` : ""} (${answer.contentType})`
        : String(answer.status);
    return {
      ok: false,
      url,
      reason: "no_document",
      problem: `has no discovery document: GET ${url} answered ${what}`,
      problems: [`GET ${url} answered ${what}`],
      fix: "Use the issuer URL the provider documents (its discovery document is at <issuer>/.well-known/openid-configuration).",
    };
  }
  const problems = discoveryProblems(answer.body, issuer);
  if (problems.length)
    return {
      ok: false,
      url,
      reason: "invalid",
      problem: `has a discovery document the runtime refuses: ${problems.join("; ")}`,
      problems,
      fix: "Set the issuer to exactly the `issuer` value of the provider's discovery document, and use the provider's https endpoints.",
    };
  return { ok: true, url, document: answer.body as Record<string, unknown> };
}
