import { Option } from "commander";

// The flags of the commands that install packages (init, add-provider): both check the install
// before writing and restore the files when it fails (src/commands/init/apply-and-install.ts),
// so they take the same flags, described in the same words.

/** `--no-install`, stored as `options.install === false`. */
export function noInstallOption(): Option {
  return new Option(
    "--no-install",
    "print the install command instead of running it (and skip the check before writing)",
  );
}

/** `--keep-on-install-failure`, stored as `options.keepOnInstallFailure`. */
export function keepOnInstallFailureOption(): Option {
  return new Option(
    "--keep-on-install-failure",
    "keep the written files when the install fails (default: restore them all)",
  );
}
