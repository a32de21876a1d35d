import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  envPrefix,
  type ProviderInfo,
  providerEnv,
  providers,
  suggestions,
} from "../../catalog/providers.js";
import { matchesProvider } from "../../catalog/search.js";
import { CliError, ExitCode } from "../../errors.js";
import { envFileFor } from "../../frameworks/app-env-file.js";
import { readAuthSetup } from "../../frameworks/auth-setup.js";
import { frameworkOf } from "../../frameworks/detect-framework.js";
import { devPort, endpointBase } from "../../frameworks/endpoints.js";
import { appOrigin } from "../../project/app-origin.js";
import { findPackageRoot, readPackageJson } from "../../project/package-json.js";
import type { Io } from "../../ui/io.js";

export interface ListOptions {
  cwd: string;
  config?: string;
  envFile?: string;
}

/** Where callbacks land when no set-up is found: the runtime's path with the parts to fill in. */
const CALLBACK_FORMAT = "<origin><mount>/callback/";

/** The callback URL of provider `id` below `origin` and the endpoints' base path. */
export function callbackUrlOf(origin: string, basePath: string, id: string): string {
  return `${origin}${basePath === "/" ? "" : basePath}/callback/${id}`;
}

/** Whether sign-in with this provider goes through a redirect to it (and needs a callback URL). */
export const redirects = (provider: ProviderInfo) =>
  provider.kind === "oauth" || provider.kind === "oidc";

/** The auth set-up around `cwd`, for real callback URLs; undefined when there is none. */
function projectBase(options: ListOptions) {
  try {
    const root = findPackageRoot(options.cwd);
    const pkg = readPackageJson(root);
    const setup = readAuthSetup(root, { configFile: options.config });
    const framework = frameworkOf(root, pkg);
    const envFile = envFileFor(root, pkg, options.envFile, framework, setup).file;
    let envText = "";
    try {
      envText = readFileSync(join(root, envFile), "utf8");
    } catch {
      // No env file yet: the dev server's origin.
    }
    const origin = appOrigin(envText, devPort(root, pkg, setup, framework));
    const base = endpointBase(setup, framework?.framework).path;
    return {
      config: `${setup.config.file}:${setup.config.line}`,
      callbackBase: callbackUrlOf(origin, base, ""),
      configured: new Set(setup.config.providers.flatMap((p) => [p.id, p.preset])),
    };
  } catch (error) {
    // An explicit --config that does not hold a configuration is the user's error to see.
    if (options.config !== undefined || !(error instanceof CliError)) throw error;
    return undefined;
  }
}

const kindLabel: Record<ProviderInfo["kind"], string> = {
  oauth: "OAuth 2",
  oidc: "OpenID Connect",
  credentials: "credentials",
  email: "email",
  webauthn: "passkey",
  password: "password",
};

/**
 * `add-provider --list [query]`: the catalogue, or the providers whose id or name contains
 * `query`, with what each needs and where its callback lands in this project (the URL format
 * when no auth set-up is found). No match is not an error: exit 0, with suggestions.
 */
export function listProviders(query: string | undefined, options: ListOptions, io: Io): number {
  const { output } = io;
  const project = projectBase(options);
  const found = providers.filter((p) => matchesProvider(query ?? "", p.id, p.name));
  const rows = found.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    needsIssuer: p.needsIssuer === true,
    needsDatabase: p.needsDatabase === true,
    console: redirects(p) ? (p.console ?? null) : null,
    callbackUrl: redirects(p) ? `${project?.callbackBase ?? CALLBACK_FORMAT}${p.id}` : null,
    env: providerEnv(p),
    configured: project ? project.configured.has(p.id) : null,
  }));
  const close = query && !found.length ? suggestions(query.trim()) : [];
  if (query && !found.length) {
    output.warn(
      `No provider matches "${query}" (searched ${providers.length} ids and names).${
        close.length ? ` Did you mean ${close.map((c) => `"${c}"`).join(" or ")}?` : ""
      } add-provider --list shows them all.`,
    );
  } else {
    output.title(
      query
        ? `${found.length} of ${providers.length} providers match "${query}"`
        : `${providers.length} providers`,
    );
    output.info(
      project
        ? `Callback URLs for the set-up in ${project.config}`
        : `Callback URLs: ${CALLBACK_FORMAT}<id> (no auth set-up found here; run init first for real ones)`,
    );
  }
  const width = Math.max(0, ...rows.map((row) => row.id.length));
  for (const row of rows) {
    const notes = [
      kindLabel[row.kind],
      ...(row.needsIssuer ? [`needs ${envPrefix(row.id)}_ISSUER`] : []),
      ...(row.needsDatabase ? ["needs a database"] : []),
      ...(row.configured ? ["configured"] : []),
    ];
    output.line(`  ${row.id.padEnd(width)}  ${row.name} ${output.dim(`(${notes.join(", ")})`)}`);
    const indent = " ".repeat(width + 4);
    if (row.console) output.line(`${indent}console:  ${row.console}`);
    if (row.callbackUrl) output.line(`${indent}callback: ${row.callbackUrl}`);
  }
  output.document({
    ok: true,
    command: "add-provider",
    list: true,
    query: query ?? null,
    project: project ? { config: project.config, callbackBase: project.callbackBase } : null,
    total: providers.length,
    providers: rows,
    suggestions: close,
  });
  return ExitCode.ok;
}
