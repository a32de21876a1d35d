/**
 * What the configuration error page tells a developer, in development only: the configuration
 * problems the server can see in its own resolved configuration, each naming what to set. It
 * never reads the request, so nothing in it can be supplied by a visitor.
 *
 * @module core/configuration-diagnosis
 */
import type { ResolvedConfig } from "./config.js";
import { providerEnvPrefix } from "./env.js";

const MAX_LINE = 300;

const clip = (text: string) => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}…` : text);

/**
 * One line per problem: the configuration error (and its cause), a missing secret, and each
 * OAuth/OIDC provider without a client id or secret, with the variable to set.
 */
export function configurationDiagnosis(config: ResolvedConfig): string[] {
  const lines: string[] = [];
  if (config.error) {
    const { cause } = config.error;
    lines.push(clip(config.error.message + (cause instanceof Error ? `: ${cause.message}` : "")));
  }
  if (config.secret.length === 0) {
    lines.push("No secret is set: set AUTH_SECRET (npx create-auth secret makes one).");
  }
  for (const provider of config.providers) {
    if (provider.type !== "oauth" && provider.type !== "oidc") continue;
    const prefix = providerEnvPrefix(provider.id);
    if (!provider.clientId) {
      lines.push(`Provider "${provider.id}" has no clientId: set ${prefix}_ID.`);
    }
    const publicClient = provider.client?.token_endpoint_auth_method === "none";
    if (!provider.clientSecret && !publicClient) {
      lines.push(`Provider "${provider.id}" has no clientSecret: set ${prefix}_SECRET.`);
    }
  }
  return lines;
}
