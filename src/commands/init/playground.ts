/**
 * The local sign-in playground in `init`: offered when OAuth/OIDC providers are written without
 * a client id, so "Sign in with GitHub" works on the developer's machine before any app is
 * registered (the runtime serves test users under `{mount}/playground`).
 */
import { envPrefix, type ProviderInfo } from "../../catalog/providers.js";
import { PlanBuilder } from "../../plan/change-set.js";
import { envValue } from "../../syntax/dotenv.js";
import type { Asker } from "../../ui/ask.js";

/** The env line that turns it on (the runtime refuses it when NODE_ENV=production). */
export const playgroundEnv = {
  key: "AUTH_PLAYGROUND",
  value: "true",
  comment:
    "Development only: providers without a client id sign in with test users (refused with NODE_ENV=production; remove to turn off)",
};

/** The OAuth/OIDC providers whose `AUTH_<ID>_ID` is not set in `envFile`. */
export function providersWithoutClientId(
  root: string,
  envFile: string,
  providers: ProviderInfo[],
): ProviderInfo[] {
  const text = new PlanBuilder(root).read(envFile) ?? "";
  return providers.filter(
    (p) => (p.kind === "oauth" || p.kind === "oidc") && !envValue(text, `${envPrefix(p.id)}_ID`),
  );
}

/**
 * `--playground`/`--no-playground`, else asked (default yes) when some provider has no client
 * id. Nobody to ask (`--yes`, CI): off, so a scripted run never writes a setting that makes a
 * production start fail.
 */
export async function choosePlayground(
  flag: boolean | undefined,
  withoutId: ProviderInfo[],
  asker: Asker,
): Promise<boolean> {
  if (withoutId.length === 0) return false;
  return asker.ask({
    flag: "--playground",
    value: flag,
    fallback: false,
    prompt: (p) =>
      p.confirm({
        message: `Try the sign-in locally with the playground before you register an app? (${withoutId.map((p) => p.name).join(", ")}: test users, development only)`,
        initialValue: true,
      }),
  });
}

/** The line printed after `init` wrote `AUTH_PLAYGROUND=true`. */
export function playgroundNote(envFile: string, withoutId: ProviderInfo[]): string {
  const names = withoutId.map((p) => p.name).join(", ");
  const keys = withoutId.map((p) => `${envPrefix(p.id)}_ID`).join(", ");
  return `Sign-in playground on (AUTH_PLAYGROUND=true in ${envFile}): ${names} sign${withoutId.length === 1 ? "s" : ""} in with test users on localhost until ${keys} ${withoutId.length === 1 ? "is" : "are"} set. Register the real app and fill in its id and secret to use it; remove AUTH_PLAYGROUND to turn the playground off. It never runs with NODE_ENV=production.`;
}
