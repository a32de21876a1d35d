import type * as Clack from "@clack/prompts";
import { Cancelled, CliError } from "../errors.js";
import { inCi } from "./output.js";

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
    /** Filter as you type (long lists): which choices a search keeps. */
    search?: (query: string, choice: Choice<T>) => boolean;
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

/** Loaded on the first prompt: runs without a terminal (CI, `--yes`) never load it. */
let clackModule: Promise<typeof Clack> | undefined;

async function ask<T>(prompt: (clack: typeof Clack) => Promise<T | symbol>): Promise<T> {
  clackModule ??= import("@clack/prompts");
  const clack = await clackModule;
  const value = await prompt(clack);
  if (clack.isCancel(value)) throw new Cancelled();
  return value as T;
}

/** Prompts in the terminal with @clack/prompts. */
export const clackPrompter: Prompter = {
  select: (q) => ask((clack) => clack.select(q as Parameters<typeof clack.select>[0])) as never,
  multiselect: ({ search, ...q }) =>
    ask((clack) =>
      search
        ? clack.autocompleteMultiselect({
            ...(q as Parameters<typeof clack.autocompleteMultiselect>[0]),
            filter: (query, option) => search(query, option as Choice<never>),
            maxItems: 12,
          })
        : clack.multiselect(q as Parameters<typeof clack.multiselect>[0]),
    ) as never,
  text: (q) => ask<string>((clack) => clack.text(q)),
  password: (q) => ask<string>((clack) => clack.password(q)),
  confirm: (q) => ask<boolean>((clack) => clack.confirm(q)),
};

/** Whether prompts may be shown: both ends are a terminal and this is not CI. */
export function isInteractive(): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY) && !inCi();
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
