import { existsSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { CliError } from "../errors.js";
import {
  type AuthConfigInfo,
  configObjects,
  packagesPattern,
  readConfigObject,
} from "../project/auth-config.js";
import { sourceFiles } from "../project/source-files.js";
import { parse } from "../syntax/parse.js";
import { authVocabulary, frameworks } from "./registry.js";
import type { EndpointMount } from "./types.js";

/**
 * An existing auth set-up, read without running it: the configuration object and where each
 * framework's endpoints are mounted. Shared by `add-provider`, `secret`, `migrate` and `check`;
 * everything carries its file and line.
 */
export interface AuthSetup {
  config: AuthConfigInfo;
  /** The mounts every registered framework reads back from the sources. */
  mounts: EndpointMount[];
  /** Every source file that mentions an auth module or an `authConfig`. */
  files: string[];
}

/** Modules whose presence marks a file as part of the auth set-up (ours and Auth.js's). */
const AUTH_MODULE = new RegExp(`["']${packagesPattern(authVocabulary)}(?:/[\\w./-]*)?["']`);

/**
 * Finds and reads the auth set-up of the project at `root`. `configFile` (from `--config`)
 * narrows the search to one file. Fails with `no_auth_config` or `ambiguous_config`.
 */
export function readAuthSetup(root: string, options: { configFile?: string } = {}): AuthSetup {
  const wanted = options.configFile?.split(sep).join("/").replace(/^\.\//, "");
  if (wanted && !existsSync(join(root, wanted)))
    throw new CliError("invalid_flag", `--config ${options.configFile}: no such file in ${root}.`);
  const all = sourceFiles(root);
  if (wanted && !all.includes(wanted)) all.push(wanted);
  const texts = new Map(all.map((file) => [file, readFileSync(join(root, file), "utf8")]));
  // Files that use the runtime, plus any that name an `authConfig` (a hand-written config need
  // not import anything from the runtime).
  const files = all.filter(
    (file) =>
      AUTH_MODULE.test(texts.get(file)!) ||
      /\bauthConfig\b/.test(texts.get(file)!) ||
      file === wanted,
  );
  const candidates: AuthConfigInfo[] = [];
  const mounts: EndpointMount[] = [];
  for (const file of files) {
    const source = parse(texts.get(file)!, file);
    if (!wanted || wanted === file)
      for (const { object, variable } of configObjects(source, authVocabulary))
        candidates.push(readConfigObject(object, file, variable, authVocabulary));
    for (const framework of frameworks) mounts.push(...framework.readMounts(source, file, root));
  }
  if (candidates.length === 0) {
    throw new CliError(
      "no_auth_config",
      wanted
        ? `No auth configuration (an object with \`providers\`) in ${wanted}.`
        : "No auth configuration found: looked for an object with `providers` in the files that import @create-auth/runtime. Run `create-auth init` first, or pass --config <file>.",
    );
  }
  const named = candidates.filter((c) => c.variable === "authConfig");
  const chosen = candidates.length === 1 ? candidates : named.length === 1 ? named : candidates;
  if (chosen.length > 1) {
    throw new CliError(
      "ambiguous_config",
      `Several auth configurations: ${chosen.map((c) => `${c.file}:${c.line}`).join(", ")}. Pass --config <file>.`,
      1,
      { candidates: chosen.map((c) => ({ file: c.file, line: c.line })) },
    );
  }
  return { config: chosen[0]!, mounts, files };
}
