import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ChangeSet, FileChange } from "../plan/change-set.js";
import type { PackageJson } from "./package-json.js";

/** A formatter the project has configured and installed, run on text through stdin. */
interface ProjectFormatter {
  name: string;
  /** Its local bin (`node_modules/.bin/prettier`), never one fetched for the occasion. */
  bin: string;
  args(path: string): string[];
}

const PRETTIER_CONFIGS = [
  ".prettierrc",
  ".prettierrc.json",
  ".prettierrc.json5",
  ".prettierrc.yaml",
  ".prettierrc.yml",
  ".prettierrc.toml",
  ".prettierrc.js",
  ".prettierrc.cjs",
  ".prettierrc.mjs",
  ".prettierrc.ts",
  "prettier.config.js",
  "prettier.config.cjs",
  "prettier.config.mjs",
  "prettier.config.ts",
];

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * The project's formatter: Biome with a biome.json(c), else Prettier with a config file or a
 * `prettier` key, each only when its bin is installed in the project's node_modules.
 */
export function projectFormatter(root: string, pkg: PackageJson): ProjectFormatter | undefined {
  const bin = (name: string) => {
    const path = join(root, "node_modules/.bin", name);
    return existsSync(path) ? path : undefined;
  };
  const biome = bin("biome");
  if (biome && ["biome.json", "biome.jsonc"].some((file) => existsSync(join(root, file))))
    return {
      name: "Biome",
      bin: biome,
      // `check --write` also sorts the imports, as the project's own `biome check` wants them.
      args: (path) => ["check", "--write", `--stdin-file-path=${path}`],
    };
  const prettier = bin("prettier");
  const configured =
    (pkg as { prettier?: unknown }).prettier !== undefined ||
    PRETTIER_CONFIGS.some((file) => existsSync(join(root, file)));
  if (prettier && configured)
    return { name: "Prettier", bin: prettier, args: (path) => ["--stdin-filepath", path] };
  return undefined;
}

/** The formatter's output for `text`, or its complaint. */
function format(
  formatter: ProjectFormatter,
  root: string,
  path: string,
  text: string,
): { text: string } | { error: string } {
  const result = spawnSync(formatter.bin, formatter.args(path), {
    cwd: root,
    input: text,
    encoding: "utf8",
    timeout: 60_000,
    shell: process.platform === "win32",
  });
  if (result.status === 0 && result.stdout) return { text: result.stdout };
  const said = `${result.stderr ?? ""}${result.error?.message ?? ""}`.trim().split("\n")[0];
  return { error: said || `exit code ${result.status}` };
}

/**
 * The plan's source files as the project's own formatter writes them: a new file is formatted;
 * an edited one only when the formatter leaves its current text as it is (formatting a file the
 * project does not keep formatted would rewrite lines init never touched). A formatter that
 * fails leaves the file as init wrote it, and a step says so: it never fails init.
 */
export function formatWithProject(plan: ChangeSet, pkg: PackageJson): ChangeSet {
  const formatter = projectFormatter(plan.root, pkg);
  if (!formatter) return plan;
  const failures: { path: string; error: string }[] = [];
  const files = plan.files.map((change): FileChange => {
    if (!SOURCE.test(change.path)) return change;
    if (change.before !== undefined) {
      const current = format(formatter, plan.root, change.path, change.before);
      if (!("text" in current) || current.text !== change.before) return change;
    }
    const formatted = format(formatter, plan.root, change.path, change.after);
    if ("text" in formatted) return { ...change, after: formatted.text };
    failures.push({ path: change.path, error: formatted.error });
    return change;
  });
  const errors = [...new Set(failures.map(({ error }) => error))];
  const named =
    errors.length === 1
      ? `${failures.map(({ path }) => path).join(", ")} (${errors[0]})`
      : failures.map(({ path, error }) => `${path} (${error})`).join(", ");
  const them = failures.length === 1 ? "it" : "them";
  const manual = failures.length
    ? [
        ...plan.manual,
        `${formatter.name} could not format ${named}: kept as create-auth wrote ${them}. Run your formatter on ${them}.`,
      ]
    : plan.manual;
  return { ...plan, files: files.filter((change) => change.before !== change.after), manual };
}
