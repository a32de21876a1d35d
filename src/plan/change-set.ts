import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "../errors.js";
import { readUserFile } from "../project/read-text.js";
import { syntaxProblem } from "../syntax/parse.js";

/** One file the command will create or modify. */
export interface FileChange {
  /** Relative to the project root, with `/` separators. */
  path: string;
  /** Current content; undefined for a new file. */
  before: string | undefined;
  after: string;
  /** Why, in a few words ("mount ExpressAuth", "AUTH_SECRET"). */
  reasons: string[];
  /** Env keys whose values must never be displayed (diffs, `--json`), besides the usual names. */
  secretKeys?: string[];
}

export interface InstallStep {
  command: string;
  args: string[];
  packages: string[];
  /**
   * A package tarball copied into the project before the install, which one of `packages`
   * names with a relative `file:` spec (the runtime, when the CLI runs from a checkout).
   */
  vendor?: {
    /** Where it lands, relative to the project root (`vendor/create-auth-runtime-0.1.0.tgz`). */
    path: string;
    /** The folder it is packed from. */
    source: string;
  };
}

/** Everything a command intends to do, before anything is written. */
export interface ChangeSet {
  root: string;
  files: FileChange[];
  install?: InstallStep;
  /** Steps the CLI could not automate, with the exact snippet to add by hand. */
  manual: string[];
}

/**
 * Edits go by a file's syntax tree, and a tree recovered from broken code can put them anywhere:
 * an existing source file that does not parse is not edited, and nothing is written.
 */
export function refuseUnparsable(path: string, text: string): void {
  if (!SOURCE.test(path)) return;
  const problem = syntaxProblem(text, path);
  if (problem)
    throw new CliError(
      "parse_error",
      `${path}:${problem.line}:${problem.column}: ${problem.message} create-auth edits only files that parse: nothing was written. Fix the syntax and run again.`,
      1,
      { file: path, line: problem.line, column: problem.column, parser: problem.message },
    );
}

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * Collects edits against an in-memory view of the project: each edit sees the result of the
 * previous ones, and files whose content ends up unchanged drop out of the plan.
 */
export class PlanBuilder {
  private readonly changes = new Map<string, FileChange>();
  readonly manual: string[] = [];
  install?: InstallStep;

  constructor(readonly root: string) {}

  /** The file as the plan currently has it (undefined when it does not exist). */
  read(path: string): string | undefined {
    const pending = this.changes.get(path);
    if (pending) return pending.after;
    const absolute = join(this.root, path);
    if (!existsSync(absolute)) return undefined;
    if (statSync(absolute).isDirectory())
      throw new CliError("not_a_file", `${path} is a folder, not a file: nothing was changed.`);
    return readUserFile(this.root, path);
  }

  exists(path: string): boolean {
    return this.read(path) !== undefined;
  }

  write(path: string, content: string, reason: string): void {
    const pending = this.changes.get(path);
    if (pending) {
      pending.after = content;
      if (!pending.reasons.includes(reason)) pending.reasons.push(reason);
      return;
    }
    const before = this.read(path);
    if (before !== undefined && content !== before) refuseUnparsable(path, before);
    this.changes.set(path, { path, before, after: content, reasons: [reason] });
  }

  /** Marks env keys of `path` as secret: displays of the plan show them masked. */
  markSecrets(path: string, keys: string[]): void {
    const change = this.changes.get(path);
    if (change) change.secretKeys = [...new Set([...(change.secretKeys ?? []), ...keys])];
  }

  /** Applies `edit` to the file's current content (or to "" when it does not exist). */
  edit(path: string, reason: string, edit: (content: string) => string): void {
    this.write(path, edit(this.read(path) ?? ""), reason);
  }

  build(): ChangeSet {
    const files = [...this.changes.values()].filter((change) => change.before !== change.after);
    return { root: this.root, files, install: this.install, manual: this.manual };
  }
}
