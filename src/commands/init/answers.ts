import { type ProviderInfo, providers, requireProvider } from "../../catalog/providers.js";
import { matchesProvider } from "../../catalog/search.js";
import { CliError } from "../../errors.js";
import { moduleOf, type ProjectInfo } from "../../frameworks/registry.js";
import { moduleOfOrm, ormById } from "../../orm/registry.js";
import type { OrmDetection } from "../../orm/types.js";
import { envPathFlag } from "../../project/env-path.js";
import type { Asker, Choice } from "../../ui/ask.js";
import { choosePlayground, providersWithoutClientId } from "./playground.js";

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
  /** `--playground` / `--no-playground`: the local sign-in playground (asked when undefined). */
  playground?: boolean;
}

export interface Answers {
  providers: ProviderInfo[];
  strategy: "jwt" | "database";
  /** `embedded`/`postgres`: the runtime's adapter; an ORM id: the app's own ORM (see `orm`). */
  database: string | undefined;
  /** The app's ORM set-up the configuration uses, when `database` names an ORM. */
  orm: OrmDetection | undefined;
  databaseUrl: string | undefined;
  trustProxy: boolean;
  envFile: string;
  mount: string;
  protect: string[];
  demo: boolean;
  /** Writes `AUTH_PLAYGROUND=true`: providers without a client id sign in with test users. */
  playground: boolean;
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

const runtimeDatabases = ["embedded", "postgres", "none"] as const;

/**
 * Which database, from `--database`, else a prompt, else the default: the app's own ORM when
 * detection found one (listed first, with what was seen), else the embedded PGlite folder when
 * something needs a database, else none. Undefined means no database.
 */
async function chooseDatabase(
  project: ProjectInfo,
  flags: InitFlags,
  asker: Asker,
  need: { needed: boolean; why: string; runtimeAdapter?: string },
): Promise<string | undefined> {
  const flag = flags.database;
  // The password provider stores accounts with the runtime's own adapter: an ORM's Auth.js
  // adapter has no password methods, so the app's ORM is not offered (its PostgreSQL is, as a
  // server through DATABASE_URL).
  if (need.runtimeAdapter && flag !== undefined && ormById(flag))
    throw new CliError(
      "invalid_combination",
      `${need.runtimeAdapter} are stored by the runtime's postgresAdapter, and ${ormById(flag)!.name}'s Auth.js adapter cannot store passwords: use --database postgres (your PostgreSQL server through DATABASE_URL) or --database embedded.`,
    );
  const found = need.runtimeAdapter ? [] : project.orms;
  if (flag !== undefined && !(runtimeDatabases as readonly string[]).includes(flag)) {
    const module = ormById(flag);
    if (!module)
      throw new CliError(
        "invalid_flag",
        `--database must be one of ${[...found.map((o) => o.orm), ...runtimeDatabases].join(", ")} (got "${flag}").`,
      );
    if (!found.some((detection) => detection.orm === flag))
      throw new CliError(
        "invalid_flag",
        `--database ${flag}: no ${module.name} set-up was found in ${project.root} (install ${module.packageNames[0]} and create its schema first, or use --database embedded).`,
      );
  }
  if (flag === "none" && need.needed)
    throw new CliError(
      "invalid_combination",
      `${need.why} needs a database: use --database embedded (a local PGlite folder) or --database postgres.`,
    );
  if (!need.needed && found.length === 0 && flag === undefined) return undefined;
  const options: Choice<string>[] = [
    ...found.map((detection) => ({
      value: detection.orm,
      label: `The app's ${moduleOfOrm(detection).name} database`,
      hint: detection.evidence,
    })),
    {
      value: "embedded",
      label: "Embedded PostgreSQL (PGlite in .auth/db)",
      hint: "nothing to run",
    },
    { value: "postgres", label: "A PostgreSQL server", hint: "DATABASE_URL" },
    ...(need.needed ? [] : [{ value: "none", label: "None", hint: "sessions in cookies only" }]),
  ];
  const chosen = await asker.ask({
    flag: "--database",
    value: flag,
    fallback: found[0]?.orm ?? "embedded",
    prompt: (p) =>
      p.select({
        message: "Which database?",
        options,
        initialValue: options[0]!.value,
      }),
  });
  return chosen === "none" ? undefined : chosen;
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
  const choices: Choice<string>[] = providers.map((p) => ({
    value: p.id,
    label: p.name,
    hint: p.id,
  }));
  const providerIds = await asker.ask({
    flag: "--providers",
    value: flags.providers,
    prompt: async (p) =>
      (
        await p.multiselect({
          message: "Which sign-in methods?",
          options: choices,
          required: true,
          // The catalogue is long: typing narrows it by id or name, as `add-provider --list` does.
          search: (query, choice) => matchesProvider(query, choice.value, choice.label),
        })
      ).join(","),
  });
  const chosen = parseProviders(providerIds);
  const needsDatabase = chosen.some((p) => p.needsDatabase);

  const onlyCredentials = chosen.every((p) => p.kind === "credentials");
  const strategyFlag = oneOf("--strategy", flags.strategy, ["jwt", "database"] as const);
  if (strategyFlag === "database" && onlyCredentials) {
    throw new CliError(
      "invalid_combination",
      "Credentials alone cannot use database sessions (the runtime rejects it): use --strategy jwt, or add a provider such as email.",
    );
  }
  const askStrategy = (fallback: "jwt" | "database") =>
    asker.ask({
      flag: "--strategy",
      value: strategyFlag,
      fallback,
      prompt: (p) =>
        p.select({
          message: "Where do sessions live?",
          initialValue: fallback,
          options: [
            {
              value: "jwt" as const,
              label: "An encrypted cookie (JWT)",
              hint: "no database needed",
            },
            { value: "database" as const, label: "The database", hint: "revocable, listable" },
          ],
        }),
    });
  // Without an ORM, sessions are asked first (a database only when they or a provider need
  // one). An app with an ORM is asked first where users live: its own database is the default,
  // and sessions then default to the database, as Auth.js does with an adapter.
  const ormFirst = project.orms.length > 0;
  const early = ormFirst ? undefined : await askStrategy("jwt");
  const database = await chooseDatabase(project, flags, asker, {
    needed: (early ?? strategyFlag) === "database" || needsDatabase,
    ...(chosen.some((p) => p.kind === "password")
      ? { runtimeAdapter: "Email-and-password accounts" }
      : {}),
    why:
      (early ?? strategyFlag) === "database"
        ? "--strategy database"
        : chosen.some((p) => p.kind === "email")
          ? "the email provider"
          : chosen.some((p) => p.kind === "password")
            ? "email-and-password accounts (they are stored in the database)"
            : "passkeys (they are stored in the database)",
  });
  const orm = project.orms.find((detection) => detection.orm === database);
  const strategy =
    early ?? (await askStrategy(database !== undefined && !onlyCredentials ? "database" : "jwt"));
  if (strategy === "database" && onlyCredentials) {
    throw new CliError(
      "invalid_combination",
      "Credentials alone cannot use database sessions (the runtime rejects it): use --strategy jwt, or add a provider such as email.",
    );
  }
  if (strategy === "database" && database === undefined) {
    throw new CliError(
      "invalid_combination",
      "--strategy database needs a database: use --database embedded (a local PGlite folder) or --database postgres.",
    );
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
        value: flags.protect ?? (framework.asksToProtect === false ? "" : undefined),
        fallback: "",
        prompt: (p) =>
          p.text({
            message: "Paths to protect with middleware (comma-separated, empty for none)",
            placeholder: "/account,/admin/*",
          }),
      })
    : "";
  const envFile = flags.envFile ? envPathFlag(project.root, flags.envFile) : project.envFile.file;
  const playground = await choosePlayground(
    flags.playground,
    providersWithoutClientId(project.root, envFile, chosen),
    asker,
  );
  return {
    providers: chosen,
    strategy,
    database,
    orm,
    databaseUrl,
    trustProxy,
    envFile,
    mount,
    protect: protect
      .split(",")
      .map((path) => path.trim())
      .filter(Boolean),
    demo: Boolean(flags.demo),
    playground,
  };
}
