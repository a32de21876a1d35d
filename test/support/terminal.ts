import { spawn } from "node:child_process";
import { bin } from "./cli.js";

/** Screen text without ANSI escape sequences (colours, cursor moves). */
export function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI sequences start with ESC.
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");
}

/**
 * The built bin in a pseudo-terminal (util-linux `script`), 120×40, so stdin and stdout are TTYs
 * and the real @clack/prompts prompts run. `answer(prompt, keys)` waits until `prompt` is on the
 * screen, then types `keys`.
 */
export function runInTerminal(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const quoted = [process.execPath, bin, ...args].map((arg) => `'${arg.replace(/'/g, "'\\''")}'`);
  const child = spawn(
    "script",
    ["-qfec", `stty cols 120 rows 40; ${quoted.join(" ")}`, "/dev/null"],
    {
      cwd: options.cwd,
      env: { ...process.env, CI: "", ...options.env },
    },
  );
  let screen = "";
  let consumed = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    screen += chunk.toString("utf8");
  });
  const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  const until = async (condition: () => boolean, what: string) => {
    for (let waited = 0; !condition(); waited += 50) {
      if (waited > 20_000 || child.exitCode !== null)
        throw new Error(`Waited for ${what}; the screen shows:\n${plain(screen)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    /** Waits for `prompt` (after the previous one) and types `keys`. */
    async answer(prompt: string, keys: string) {
      await until(() => plain(screen.slice(consumed)).includes(prompt), `"${prompt}"`);
      consumed = screen.length;
      // The prompt is drawn before it listens to keys: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 100));
      child.stdin.write(keys);
    },
    /** The exit code and everything shown, once the command has finished. */
    async result() {
      const timer = setTimeout(() => child.kill(), 30_000);
      const exitCode = await exited;
      clearTimeout(timer);
      return { exitCode, screen: plain(screen) };
    },
  };
}

export const keys = {
  enter: "\r",
  space: " ",
  tab: "\t",
  backspace: "\u007f",
  down: "\u001b[B",
  ctrlC: "\u0003",
};
