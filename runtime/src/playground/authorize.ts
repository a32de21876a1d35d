/**
 * The playground's authorization endpoint: `GET` shows the page to pick a test user, `POST`
 * receives the choice and sends the browser back to the app with a code (or `access_denied`).
 * The request is checked before anything is shown: a known client, its exact redirect URI,
 * `response_type=code`, PKCE S256 and the `openid` scope.
 *
 * @module playground/authorize
 */
import type { ResolvedConfig } from "../core/config.js";
import { type AuthRequest, bodyString } from "../core/request.js";
import { type AuthResponse, jsonResponse } from "../core/response.js";
import { htmlHeaders, redirectHeaders } from "../core/security-headers.js";
import { type PlaygroundUser, playgroundPage } from "../pages/index.js";
import { isPlaygroundProvider } from "./providers.js";
import { clientById, issueCode, type PlaygroundClaims } from "./store.js";

/** The test users offered as buttons. */
export const testUsers: PlaygroundUser[] = [
  { id: "alice", name: "Alice Example", email: "alice@example.com" },
  { id: "bob", name: "Bob Example", email: "bob@example.com" },
];

/** The parameters carried from the authorization request to the decision. */
const carried = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
] as const;

interface AuthorizationRequest {
  providerName: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string;
  nonce?: string;
  codeChallenge: string;
  params: Record<string, string>;
}

const refuse = (error: string, description: string) =>
  jsonResponse({ error, error_description: description }, 400, { "cache-control": "no-store" });

/** The request's parameters, validated, or the 400 answer that refuses it (never a redirect). */
function readRequest(
  values: (name: string) => string | undefined,
  config: ResolvedConfig,
  base: string,
): AuthorizationRequest | AuthResponse {
  const params: Record<string, string> = {};
  for (const name of carried) {
    const value = values(name);
    if (value !== undefined) params[name] = value;
  }
  const client = clientById(params.client_id ?? "");
  const provider = client && config.providersById.get(client.providerId);
  if (!client || !provider || !isPlaygroundProvider(provider))
    return refuse("invalid_client", "Unknown client_id: not a provider served by the playground");
  const expected = `${base}/callback/${client.providerId}`;
  if (params.redirect_uri !== expected)
    return refuse("invalid_request", `redirect_uri must be ${expected}`);
  if (params.response_type !== "code")
    return refuse("unsupported_response_type", "response_type must be code");
  if (!params.code_challenge || params.code_challenge_method !== "S256")
    return refuse("invalid_request", "PKCE is required: code_challenge with method S256");
  const scope = params.scope ?? "";
  if (!scope.split(" ").includes("openid"))
    return refuse("invalid_scope", "scope must include openid");
  return {
    providerName: provider.name,
    clientId: client.clientId,
    redirectUri: expected,
    scope,
    state: params.state,
    nonce: params.nonce,
    codeChallenge: params.code_challenge,
    params,
  };
}

/** The claims of the user chosen in the form, or a message saying what is wrong with it. */
function chosenUser(body: AuthRequest["body"]): PlaygroundClaims | string {
  const id = bodyString(body, "user");
  if (id !== undefined) {
    const user = testUsers.find((candidate) => candidate.id === id);
    if (!user) return `Unknown test user "${id}"`;
    return { sub: user.id, name: user.name, email: user.email, email_verified: true };
  }
  const name = bodyString(body, "name")?.trim() ?? "";
  const email = bodyString(body, "email")?.trim().toLowerCase() ?? "";
  if (!name || name.length > 100) return "Type a name (at most 100 characters)";
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 200) return "Type an email address";
  return { sub: email, name, email, email_verified: true };
}

/** The app's callback URL with the authorization response parameters (RFC 9207 `iss` too). */
function callbackLocation(
  request: AuthorizationRequest,
  issuer: string,
  result: Record<string, string>,
): AuthResponse {
  const url = new URL(request.redirectUri);
  for (const [key, value] of Object.entries(result)) url.searchParams.set(key, value);
  if (request.state !== undefined) url.searchParams.set("state", request.state);
  url.searchParams.set("iss", issuer);
  return {
    status: 303,
    headers: { location: url.href, "cache-control": "no-store", ...redirectHeaders },
    cookies: [],
    body: null,
  };
}

/** `GET` and `POST {base}/playground/authorize`. */
export function authorizeEndpoint(
  request: AuthRequest,
  config: ResolvedConfig,
  base: string,
  issuer: string,
): AuthResponse {
  const post = request.method === "POST";
  const values = post
    ? (name: string) => bodyString(request.body, name)
    : (name: string) => request.url.searchParams.get(name) ?? undefined;
  const authorization = readRequest(values, config, base);
  if ("status" in authorization) return authorization;
  if (!post) {
    const page = playgroundPage({
      providerName: authorization.providerName,
      action: `${issuer}/authorize`,
      params: authorization.params,
      users: testUsers,
      theme: config.theme,
    });
    return { status: page.status, headers: { ...htmlHeaders }, cookies: [], body: page.html };
  }
  if (bodyString(request.body, "cancel") !== undefined) {
    return callbackLocation(authorization, issuer, { error: "access_denied" });
  }
  const claims = chosenUser(request.body);
  if (typeof claims === "string") return refuse("invalid_request", claims);
  const code = issueCode({
    clientId: authorization.clientId,
    redirectUri: authorization.redirectUri,
    codeChallenge: authorization.codeChallenge,
    nonce: authorization.nonce,
    scope: authorization.scope,
    claims,
  });
  return callbackLocation(authorization, issuer, { code });
}
