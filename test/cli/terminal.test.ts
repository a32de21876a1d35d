import { afterAll, describe, expect, it } from "vitest";
import { copyFixture, removeTemporary, tree } from "../support/cli.js";
import { keys, runInTerminal } from "../support/terminal.js";

afterAll(removeTemporary);

// The real @clack/prompts prompts in a pseudo-terminal: the other tests script the answers.
describe("init in a terminal", () => {
  it("asks, shows the plan, and applies what was chosen with the keyboard", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = runInTerminal(["init", "--no-install"], { cwd: dir });
    // Tab picks the focused choice (the first, GitHub) in the filtering picker.
    await run.answer("Which sign-in methods?", keys.tab);
    await run.answer("◼ GitHub", keys.enter);
    await run.answer("Where do sessions live?", keys.enter);
    await run.answer("Where should the auth endpoints live?", keys.enter);
    await run.answer("behind a reverse proxy", keys.enter);
    await run.answer("with the playground", keys.enter);
    await run.answer("Apply these changes?", keys.enter);
    const { exitCode, screen } = await run.result();
    expect(exitCode, screen).toBe(0);
    expect(screen).toContain("Writing AUTH_SECRET to .env");
    expect(screen).not.toMatch(/AUTH_SECRET=[\w-]{43}/);
    const files = tree(dir);
    expect(files["src/auth.js"]).toContain("require('@create-auth/runtime/providers/github')");
    expect(files["src/auth.js"]).toContain("session: { strategy: 'jwt' }");
    expect(files["src/index.js"]).toContain("app.use('/auth', ExpressAuth(authConfig))");
    expect(files[".env"]).toMatch(/^AUTH_SECRET=[\w-]{43}$/m);
    // GitHub has no client id yet: the playground was offered, and Yes turned it on.
    expect(files[".env"]).toMatch(/^AUTH_PLAYGROUND=true$/m);
  });

  it("the sign-in picker filters as you type: the choice under the cursor is a match", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = runInTerminal(["init", "--no-install"], { cwd: dir });
    await run.answer("Which sign-in methods?", "gitl");
    // Only GitLab is left, so it is focused: Tab picks it (unfiltered, GitHub would be first).
    await run.answer("(1 match)", keys.tab);
    await run.answer("◼ GitLab", `${keys.backspace.repeat(4)}cred`);
    await run.answer("Search: cred", keys.tab);
    await run.answer("◼ Credentials", keys.enter);
    await run.answer("Where do sessions live?", keys.enter);
    await run.answer("Where should the auth endpoints live?", keys.enter);
    await run.answer("behind a reverse proxy", keys.enter);
    await run.answer("with the playground", `${keys.down}${keys.enter}`);
    await run.answer("Apply these changes?", keys.enter);
    const { exitCode, screen } = await run.result();
    expect(exitCode, screen).toBe(0);
    const config = tree(dir)["src/auth.js"] ?? "";
    expect(config).toContain("require('@create-auth/runtime/providers/gitlab')");
    expect(config).toContain("require('@create-auth/runtime/providers/credentials')");
    expect(config).not.toContain("providers/github");
    expect(screen).toContain("2 items selected");
    expect(screen).toContain("--providers gitlab,credentials");
  }, 90_000);

  it("Ctrl-C at a prompt cancels with exit 130 and changes nothing", async () => {
    const dir = copyFixture("express4-cjs-js");
    const before = tree(dir);
    const run = runInTerminal(["init", "--no-install"], { cwd: dir });
    await run.answer("Which sign-in methods?", keys.tab);
    await run.answer("◼ GitHub", keys.enter);
    await run.answer("Where do sessions live?", keys.ctrlC);
    const { exitCode, screen } = await run.result();
    expect(exitCode).toBe(130);
    expect(screen).toContain("Cancelled: nothing was changed.");
    expect(tree(dir)).toEqual(before);
  });

  it("answering No to the plan writes nothing", async () => {
    const dir = copyFixture("express4-cjs-js");
    const before = tree(dir);
    const run = runInTerminal(["init", "--no-install", "--providers", "github"], { cwd: dir });
    await run.answer("Where do sessions live?", keys.enter);
    await run.answer("Where should the auth endpoints live?", keys.enter);
    await run.answer("behind a reverse proxy", keys.enter);
    await run.answer("with the playground", keys.enter);
    await run.answer("Apply these changes?", `${keys.down}${keys.enter}`);
    const { exitCode } = await run.result();
    expect(exitCode).toBe(130);
    expect(tree(dir)).toEqual(before);
  });

  it("on a project that has auth: says so before the first question, which offers the rest", async () => {
    const dir = copyFixture("express4-cjs-js");
    const first = runInTerminal(["init", "--no-install", "--providers", "github", "--yes"], {
      cwd: dir,
    });
    expect((await first.result()).exitCode).toBe(0);
    const before = tree(dir);
    const run = runInTerminal(["init", "--no-install"], { cwd: dir });
    await run.answer("What would you like to add?", keys.enter);
    const { exitCode, screen } = await run.result();
    expect(exitCode, screen).toBe(0);
    const said = screen.indexOf("Auth is already set up: src/auth.js:8 configures GitHub");
    expect(said).toBeGreaterThan(-1);
    expect(said).toBeLessThan(screen.indexOf("What would you like to add?"));
    expect(screen).toContain("Add Google");
    // The rest of the catalogue is one entry away, not sixty lines of scrolling.
    expect(screen).toMatch(/Another provider \(\d+ more\)/);
    expect(tree(dir)).toEqual(before);
  });

  it("CI=true in a terminal asks nothing and names the missing flag", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = runInTerminal(["init", "--no-install"], { cwd: dir, env: { CI: "true" } });
    const { exitCode, screen } = await run.result();
    expect(exitCode).toBe(1);
    expect(screen).toContain("--providers");
    expect(screen).not.toContain("Which sign-in methods?");
  });
});
