import { Option } from "commander";

/**
 * `--env-path <file>`, stored as `options.envFile`, for every command that reads or writes an env
 * file. The flag is not called `--env-file` because Node claims that name anywhere in its argv
 * before a `--`, even after the script (nodejs/node#54232; still so in Node 24): `create-auth init
 * --env-file .env.local` died inside Node ("node: .env.local: not found", exit 9) before the CLI
 * ran, exactly when the file did not exist yet. No launcher can fix it, since the bin never runs:
 * `#!/usr/bin/env -S node --` would cover symlinked bins, but busybox `env` (Alpine) has no `-S`
 * and `node bin/create-auth.js` or yarn's launcher ignore the shebang.
 */
class EnvPathOption extends Option {
  override attributeName(): string {
    return "envFile";
  }
}

export function envPathOption(description: string): Option {
  return new EnvPathOption("--env-path <file>", description);
}

/**
 * The old spelling, hidden: it still works whenever Node lets it through (the file exists, or
 * `node -- bin/create-auth.js`), so scripts written for it keep working.
 */
export function legacyEnvFileOption(): Option {
  return new EnvPathOption("--env-file <file>", "old name of --env-path").hideHelp();
}
