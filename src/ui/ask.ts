import * as clack from "@clack/prompts";
import { Cancelled, CliError } from "../errors.js";

export interface Choice<T> {
  value: T;
  label: string;
  hint?: string;
}

/** The prompts a command may show. Tests drive commands through a scripted implementation. */
export interface Prompter {
  select<T>(question: { message: string; options: Choice<T>[]; initialValue?: T }): Promise<T>;
  multiselect<T>(question: {
    message: string;
    options: Choice<T>[];
    initialValues?: T[];
    required?: boolean;
  }): Promise<T[]>;
  text(question: {
    message: string;
    placeholder?: string;
    initialValue?: string;
    validate?: (value: string | undefined) => string | undefined;
  }): Promise<string>;
  password(question: {
    message: string;
    validate?: (value: string | undefined) => string | undefined;
  }): Promise<string>;
  confirm(question: { message: string; initialValue?: boolean }): Promise<boolean>;
}

function unwrap<T>(value: T | symbol): T {
  if (clack.isCancel(value)) throw new Cancelled();
  return value as T;
}

/** Prompts in the terminal with @clack/prompts. */
export const clackPrompter: Prompter = {
  select: async (q) => unwrap(await clack.select(q as Parameters<typeof clack.select>[0])) as never,
  multiselect: async (q) =>
    unwrap(await clack.multiselect(q as Parameters<typeof clack.multiselect>[0])) as never,
  text: async (q) => unwrap<string>(await clack.text(q)),
  password: async (q) => unwrap<string>(await clack.password(q)),
  confirm: async (q) => unwrap<boolean>(await clack.confirm(q)),
};

/** Whether prompts may be shown: both ends are a terminal and this is not CI. */
export function isInteractive(): boolean {
  const ci = process.env.CI;
  return (
    Boolean(process.stdin.isTTY && process.stdout.isTTY) && (!ci || ci === "false" || ci === "0")
  );
}

/**
 * The one way commands get answers: a flag wins; otherwise a prompt when interactive (and not
 * `--yes`); otherwise the default when the question has a safe one; otherwise an error naming the
 * flag, so nothing ever hangs waiting for input.
 */
export class Asker {
  constructor(
    readonly interactive: boolean,
    readonly yes: boolean,
    readonly prompter: Prompter = clackPrompter,
  ) {}

  async ask<T>(options: {
    flag: string;
    value: T | undefined;
    prompt: (prompter: Prompter) => Promise<T>;
    /** The answer when nobody is asked; without one the flag is required. */
    fallback?: T;
  }): Promise<T> {
    if (options.value !== undefined) return options.value;
    if (this.interactive && !this.yes) return options.prompt(this.prompter);
    if (options.fallback !== undefined) return options.fallback;
    throw new CliError(
      "missing_answer",
      `Missing ${options.flag}: pass it on the command line (nothing can be asked here).`,
      1,
      {
        flag: options.flag,
      },
    );
  }
}
