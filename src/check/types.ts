import type { ProviderInfo } from "../catalog/providers.js";
import type { AuthSetup } from "../frameworks/auth-setup.js";
import type { FrameworkInfo } from "../frameworks/types.js";
import type { PlanBuilder } from "../plan/change-set.js";
import type { PackageJson } from "../project/package-json.js";
import type { TsConfigView } from "../project/tsconfig.js";

export type Severity = "error" | "warning";

/** One problem `check` found, where it is, why it matters and how to fix it. */
export interface Finding {
  rule: string;
  severity: Severity;
  /** Project-relative file, when the problem has a place. */
  file?: string;
  line?: number;
  message: string;
  why: string;
  fix: string;
  /** Whether `--fix` can make the fix. */
  fixable: boolean;
}

/** A variable as the app will see it: from an env file (with its place) or the environment. */
export interface EnvVariable {
  key: string;
  value: string;
  /** The env file it comes from; undefined when only the process environment has it. */
  file: string | undefined;
  line: number | undefined;
}

/** Everything the rules read. Built once, never executes the user's code. */
export interface CheckContext {
  root: string;
  pkg: PackageJson;
  framework: FrameworkInfo;
  setup: AuthSetup;
  /** Provider catalogue entry of each configured provider, when it is a known preset. */
  presets: Map<string, ProviderInfo>;
  /** The env file the app loads (`--env-file`, the loader's file, else `.env`). */
  envFile: string;
  env: {
    get(key: string): EnvVariable | undefined;
    /** Every assignment of `key` in the env file (to spot duplicates). */
    assignments(key: string): { line: number; value: string }[];
    /** Text of an env-like file (`.env.example`), or undefined when missing. */
    read(file: string): string | undefined;
  };
  git: {
    repository: boolean;
    tracked(path: string): boolean;
    ignored(path: string): boolean;
  };
  tsconfig: TsConfigView | undefined;
  /** The installed version of @create-auth/runtime, else its declared range. */
  runtime: { version: string | undefined; range: string | undefined };
  /** A project file's text (cached). */
  text(file: string): string;
}

/** A lint rule: one file each under src/check/rules. */
export interface Rule {
  id: string;
  severity: Severity;
  /** One line for `docs/check.md` and `--list`. */
  summary: string;
  /** A finding may lower its rule's severity (what this machine shows makes it less certain). */
  check(
    context: CheckContext,
  ): (Omit<Finding, "rule" | "severity" | "fixable"> & { severity?: Severity })[];
  /** Plans the fix of what `check` found; only for fixes that cannot break the app. */
  fix?(context: CheckContext, plan: PlanBuilder): void;
}

/** What `--list`, docs and SARIF say about a rule, static or online. */
export type RuleSummary = Pick<Rule, "id" | "severity" | "summary"> & { fix?: Rule["fix"] };
