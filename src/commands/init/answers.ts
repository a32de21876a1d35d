import { type ProviderInfo, providers, requireProvider } from "../../catalog/providers.js";
import { CliError } from "../../errors.js";
import { moduleOf, type ProjectInfo } from "../../frameworks/registry.js";
import { envPathFlag } from "../../project/env-path.js";
import type { Asker, Choice } from "../../ui/ask.js";

export interface InitFlags {
  providers?: string;
  strategy?: string;
  database?: string;
  databaseUrl?: string;
  trustProxy?: boolean;
  envFile?: string;
  mount?: string;
  protect?: string;
  demo?: boolean;
}

export interface Answers {
  providers: ProviderInfo[];
  strategy: "jwt" | "database";
  database: "embedded" | "postgres" | undefined;
  databaseUrl: string | undefined;
  trustProxy: boolean;
  envFile: string;
  mount: string;
  protect: string[];
  demo: boolean;
}

function parseProviders(list: string): ProviderInfo[] {
  const ids = list
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (!ids.length)
    throw new CliError(
      "invalid_providers",
      "--providers is empty: name at least one (for example --providers github,credentials).",
    );
  return ids.map(requireProvider);
}

function oneOf<T extends string>(
  flag: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CliError(
    "invalid_flag",
    `${flag} must be one of ${allowed.join(", ")} (got "${value}").`,
  );
}

function normalizeMount(mount: string): string {
  const path = `/${mount.trim().replace(/^\/+|\/+$/g, "")}`;
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path) || path.includes("*") || path.includes(":")) {
    throw new CliError(
      "invalid_mount",
      `--mount must be a plain path such as /auth (got "${mount}"); wildcards are added by nobody: the runtime finds its endpoints under the mount.`,
    );
  }
  return path;
}

/**
 * Every answer `init` needs: from flags, else prompts, else defaults (with --yes or where a
 * default is safe). Invalid combinations are explained, never generated.
 */
export async function collectAnswers(
  project: ProjectInfo,
  flags: InitFlags,
  asker: Asker,
): Promise<Answers> {
  const framework = moduleOf(project);
  const choices: Choice<string>[] = providers.map((p) => ({ value: p.id, label: p.name }));
  const providerIds = await asker.ask({
    flag: "--providers",
    value: flags.providers,
    prompt: async (p) =>
      (
        await p.multiselect({ message: "Which sign-in methods?", options: choices, required: true })
      ).join(","),
  });
  const chosen = parseProviders(providerIds);
  const needsDatabase = chosen.some((p) => p.needsDatabase);

  let strategy = oneOf("--strategy", flags.strategy, ["jwt", "database"] as const);
  strategy = await asker.ask({
    flag: "--strategy",
    value: strategy,
    fallback: "jwt" as const,
    prompt: (p) =>
      p.select({
        message: "Where do sessions live?",
        options: [
          { value: "jwt" as const, label: "An encrypted cookie (JWT)", hint: "no database needed" },
          { value: "database" as const, label: "The database", hint: "revocable, listable" },
        ],
      }),
  });
  const onlyCredentials = chosen.every((p) => p.kind === "credentials");
  if (strategy === "database" && onlyCredentials) {
    throw new CliError(
      "invalid_combination",
      "Credentials alone cannot use database sessions (the runtime rejects it): use --strategy jwt, or add a provider such as email.",
    );
  }

  let database = oneOf("--database", flags.database, ["embedded", "postgres", "none"] as const);
  if (database === "none" && (strategy === "database" || needsDatabase)) {
    const why =
      strategy === "database"
        ? "--strategy database"
        : chosen.some((p) => p.kind === "email")
          ? "the email provider"
          : "passkeys (they are stored in the database)";
    throw new CliError(
      "invalid_combination",
      `${why} needs a database: use --database embedded (a local PGlite folder) or --database postgres.`,
    );
  }
  if (strategy === "database" || needsDatabase) {
    database = await asker.ask({
      flag: "--database",
      value: database,
      fallback: "embedded" as const,
      prompt: (p) =>
        p.select({
          message: "Which database?",
          options: [
            {
              value: "embedded" as const,
              label: "Embedded PostgreSQL (PGlite in .auth/db)",
              hint: "nothing to run",
            },
            { value: "postgres" as const, label: "A PostgreSQL server", hint: "DATABASE_URL" },
          ],
        }),
    });
  }
  const databaseUrl = database === "postgres" ? flags.databaseUrl : undefined;

  const defaultMount = framework.defaultMountOf?.(project) ?? framework.defaultMount;
  const mount = normalizeMount(
    await asker.ask({
      flag: "--mount",
      value: flags.mount,
      fallback: defaultMount,
      prompt: (p) =>
        p.text({
          message: "Where should the auth endpoints live?",
          initialValue: defaultMount,
        }),
    }),
  );
  const trustProxy = await asker.ask({
    flag: "--trust-proxy",
    value: flags.trustProxy,
    fallback: false,
    prompt: (p) =>
      p.confirm({
        message: "Does the app run behind a reverse proxy (trust X-Forwarded-* headers)?",
        initialValue: false,
      }),
  });
  const protect = framework.protectsPaths
    ? await asker.ask({
        flag: "--protect",
        value: flags.protect,
        fallback: "",
        prompt: (p) =>
          p.text({
            message: "Paths to protect with middleware (comma-separated, empty for none)",
            placeholder: "/account,/admin/*",
          }),
      })
    : "";
  return {
    providers: chosen,
    strategy,
    database: database === "none" ? undefined : database,
    databaseUrl,
    trustProxy,
    envFile: flags.envFile ? envPathFlag(project.root, flags.envFile) : project.envFile.file,
    mount,
    protect: protect
      .split(",")
      .map((path) => path.trim())
      .filter(Boolean),
    demo: Boolean(flags.demo),
  };
}
