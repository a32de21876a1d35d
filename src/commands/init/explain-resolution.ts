/** A peer range a package wants and the version the project has instead. */
export interface Conflict {
  /** The package in conflict (`express`). */
  package: string;
  /** The range the new package requires (`^4.18.2 || ^5.0.0`). */
  wanted: string;
  /** Who requires it (`@create-auth/runtime@0.1.0`). */
  by: string;
  /** The version the project has (`3.21.2`). */
  found?: string;
}

export interface Explanation {
  reason: "peer_conflict" | "not_found" | "no_matching_version" | "other";
  message: string;
  fix: string;
  conflict?: Conflict;
}

/** Without the package managers' line prefixes (`npm error `, `npm ERR! `, ` ERR_PNPM_X `). */
function clean(output: string): string[] {
  return output
    .split("\n")
    .map((line) => line.replace(/^npm (?:error|ERR!|warn)\s?/, "").trimEnd())
    .filter((line) => line.trim() !== "");
}

/** `express@"^4 || ^5"` → [express, ^4 || ^5]; `@a/b@1.0.0` → [@a/b, 1.0.0]. */
function splitSpec(spec: string): [string, string] {
  const at = spec.indexOf("@", 1);
  return at < 0 ? [spec, ""] : [spec.slice(0, at), spec.slice(at + 1).replace(/^"|"$/g, "")];
}

const RUNTIME_FIX =
  "pass --runtime-spec with a runtime version that exists, or the path of a runtime tarball; from a checkout of the create-auth repository, run its bin/create-auth.js (it vendors the checkout's runtime).";

/**
 * What a failed resolution means, read from the package manager's output: the conflicting
 * package and versions (npm's ERESOLVE report, pnpm's peer issues), a package or version the
 * registry does not have, or else the output's error lines as they are. `cliCommand` (init,
 * add-provider) is the one the fix says to run again.
 */
export function explainResolution(
  output: string,
  packages: string[],
  cliCommand = "init",
): Explanation {
  const lines = clean(output);
  const text = lines.join("\n");
  // npm: "Found: express@3.21.2" … "Could not resolve dependency:" / "peerOptional express@"^4" from X"
  const could = lines.findIndex((line) => line.startsWith("Could not resolve dependency:"));
  if (/ERESOLVE/.test(text) && could >= 0) {
    const wantedLine = lines[could + 1]?.trim() ?? "";
    const wanted = /^(?:(peer\w*|dev|optional)\s+)?(\S+@"[^"]*")\s+from\s+(\S+)/.exec(wantedLine);
    const foundLine = lines.find((line) => line.startsWith("Found: "));
    if (wanted) {
      const [name, range] = splitSpec(wanted[2]!);
      const found = foundLine ? splitSpec(foundLine.slice("Found: ".length).trim())[1] : undefined;
      const conflict: Conflict = { package: name, wanted: range, by: wanted[3]!, found };
      return {
        reason: "peer_conflict",
        conflict,
        message: `${conflict.by} requires ${name}@"${range}"${wanted[1] ? ` (${wanted[1]})` : ""}, but the project has ${name}@${found ?? "another version"}.`,
        // Only init chooses the runtime's release: the other commands install beside it.
        fix: `move ${name} into that range (e.g. npm install ${name}@"${range.split("||").at(-1)?.trim()}")${cliCommand === "init" ? `, or use a runtime release whose range admits ${name}@${found ?? "yours"} (--runtime-spec)` : ""}. --force and --legacy-peer-deps are never added for you: they install a combination that is known not to work.`,
      };
    }
  }
  const notFound =
    /requested resource '([^']+)' could not be found/.exec(text) ??
    /^(\S+) is not in the npm registry/m.exec(text) ??
    /Couldn't find package "([^"]+)"/.exec(text) ??
    /YN0035: │ (\S+): Package not found/.exec(text);
  if (notFound || /\bE404\b|404 Not Found|Not Found - 404|ERR_PNPM_FETCH_404/.test(text)) {
    // Yarn 2+ names the range with its protocol: `@create-auth/runtime@npm:9.9.9`.
    const what = notFound?.[1]?.replace("@npm:", "@") ?? packages.join(", ");
    return {
      reason: "not_found",
      message: `${what} is not on the registry (404).`,
      fix: what.startsWith("@create-auth/runtime")
        ? `@create-auth/runtime is not published yet: ${RUNTIME_FIX}`
        : `check the name and your registry settings (.npmrc), or install it by hand and run ${cliCommand} with --no-install.`,
    };
  }
  const noVersion =
    /No matching version found for (\S+?)\.?$/m.exec(text) ??
    /No matching version found for (\S+)/.exec(text) ??
    /Couldn't find any versions for "([^"]+)"/.exec(text);
  if (noVersion || /ETARGET|ERR_PNPM_NO_MATCHING_VERSION/.test(text)) {
    const what = noVersion?.[1] ?? packages.join(", ");
    return {
      reason: "no_matching_version",
      message: `The registry has no version matching ${what}.`,
      fix: what.startsWith("@create-auth/runtime")
        ? RUNTIME_FIX
        : "pick a version that exists (npm view <package> versions).",
    };
  }
  const errors = lines.filter((line) => /error|ERR|✘|➤ YN0/i.test(line)).slice(0, 8);
  return {
    reason: "other",
    message: (errors.length ? errors : lines.slice(-8)).join("\n  "),
    fix: `fix what the package manager reports above, then run ${cliCommand} again (or pass --no-install to write the files and install yourself).`,
  };
}
