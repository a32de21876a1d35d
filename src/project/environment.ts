import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PackageJson } from "./package-json.js";
import { dependencyRange } from "./package-json.js";

export interface EnvLoading {
  how: "dotenv" | "env-file-flag" | "loadEnvFile" | "framework" | "none";
  evidence: string;
}

/** How the app gets `.env` into `process.env`, if it does. */
export function detectEnvLoading(
  root: string,
  pkg: PackageJson,
  entryFile: string | undefined,
  framework: string,
): EnvLoading {
  const scripts = Object.entries(pkg.scripts ?? {});
  const flagged = scripts.find(([, command]) => /--env-file(-if-exists)?[= ]/.test(command));
  if (flagged) return { how: "env-file-flag", evidence: `--env-file in scripts.${flagged[0]}` };
  const entry =
    entryFile && existsSync(join(root, entryFile))
      ? readFileSync(join(root, entryFile), "utf8")
      : "";
  if (/process\.loadEnvFile\s*\(/.test(entry))
    return { how: "loadEnvFile", evidence: `process.loadEnvFile() in ${entryFile}` };
  if (dependencyRange(pkg, "dotenv") && /dotenv/.test(entry))
    return { how: "dotenv", evidence: `dotenv in package.json and ${entryFile}` };
  if (framework === "solid-start")
    return { how: "framework", evidence: "Vite loads .env in development" };
  return { how: "none", evidence: "no dotenv, --env-file or process.loadEnvFile() found" };
}

/** The dev server port, for callback URLs. */
export function detectPort(
  root: string,
  pkg: PackageJson,
  files: string[],
  framework: string,
): { port: number; evidence: string } {
  const dev = pkg.scripts?.dev ?? "";
  const flag = /--port[= ](\d+)/.exec(dev) ?? /(?:^|\s)PORT=(\d+)/.exec(dev);
  if (flag) return { port: Number(flag[1]), evidence: "scripts.dev" };
  for (const file of framework === "express" ? files : []) {
    const text = existsSync(join(root, file)) ? readFileSync(join(root, file), "utf8") : "";
    const literal =
      /\.listen\(\s*(\d{2,5})\b/.exec(text) ??
      /PORT\s*(?:\?\?|\|\|)\s*["']?(\d{2,5})\b/.exec(text) ??
      /\bport\s*=\s*(\d{2,5})\b/i.exec(text);
    if (literal) return { port: Number(literal[1]), evidence: file };
  }
  return { port: 3000, evidence: "default" };
}
