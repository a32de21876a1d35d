import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ensureIgnored, ignores } from "../../src/edit/gitignore.js";

// ignores() against git itself: a .gitignore of generated rules, each entry asked of
// `git check-ignore` in a real repository.

const repo = mkdtempSync(join(tmpdir(), "gitignore-"));
execFileSync("git", ["init", "-q"], { cwd: repo });
// The entries exist, as they do when asked about: git tells a folder by seeing one.
for (const file of [".env", ".env.local", ".env.example"]) writeFileSync(join(repo, file), "");
mkdirSync(join(repo, ".auth"));
writeFileSync(join(repo, ".auth/x"), "");
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function gitIgnores(text: string, entry: string): boolean {
  writeFileSync(join(repo, ".gitignore"), text);
  try {
    // A folder is ignored when its contents are (what git would leave out of a commit).
    const path = entry.endsWith("/") ? `${entry}x` : entry;
    execFileSync("git", ["check-ignore", "-q", "--no-index", "--", path], { cwd: repo });
    return true;
  } catch {
    return false;
  }
}

const rule = fc.constantFrom(
  ".env",
  "!.env",
  ".env*",
  "!.env.example",
  "*.local",
  "/.env",
  ".env.local",
  ".auth/",
  ".auth",
  "!.auth/",
  "*",
  "!*.example",
  "**/.env",
  "# .env",
  "  .env",
  ".env ",
  "\\!.env",
);
const entries = [".env", ".env.local", ".env.example", ".auth/"];

describe("ignores (against git check-ignore)", () => {
  it("agrees with git on generated rule lists, negations included", () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 5 }), (rules) => {
        const text = `${rules.join("\n")}\n`;
        for (const entry of entries) {
          expect(ignores(text, entry), `${JSON.stringify(text)} ${entry}`).toBe(
            gitIgnores(text, entry),
          );
        }
      }),
      { numRuns: 300 },
    );
    // 300 runs, each spawning git: seconds alone, over a minute on a busy machine.
  }, 180_000);

  it("a .gitignore that un-ignores .env gets .env ignored again, and git agrees", () => {
    const text = ".env\n!.env\n";
    expect(ignores(text, ".env")).toBe(false);
    const fixed = ensureIgnored(text, [".env"]);
    expect(fixed).not.toBe(text);
    expect(gitIgnores(fixed, ".env")).toBe(true);
  });
});

describe("ensureIgnored, twice in one plan", () => {
  it("puts a second env file under the block the first one started", () => {
    const once = ensureIgnored("node_modules\n", ["config/.env.development"]);
    const twice = ensureIgnored(once, ["config/.env.production"]);
    expect(twice).toBe(
      "node_modules\n\n# create-auth: secrets and the local database\nconfig/.env.development\nconfig/.env.production\n",
    );
    // The project's own lines after our block start a new one.
    const later = ensureIgnored(`${twice}\ndist/\n`, [".env"]);
    expect(later.match(/# create-auth/g)).toHaveLength(2);
  });
});
