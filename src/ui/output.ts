import { styleText } from "node:util";

export interface OutputOptions {
  json: boolean;
  /** Colour and symbols; off without a TTY or with NO_COLOR. */
  color: boolean;
  /**
   * A live terminal: spinners may redraw lines (a TTY, not CI, not --json, not TERM=dumb).
   * Default false.
   */
  live?: boolean;
  /** Where text goes (tests capture it); the process's stdout and stderr by default. */
  sink?: { out(text: string): void; err(text: string): void };
}

type Style = Parameters<typeof styleText>[0];

/** Whether `CI` is set to anything but `false` or `0`: no prompts, no redrawn lines. */
export function inCi(): boolean {
  const ci = process.env.CI;
  return Boolean(ci) && ci !== "false" && ci !== "0";
}

/**
 * Everything a command prints. In `--json` mode nothing is printed until the single JSON
 * document at the end, so the output is always parseable.
 */
export class Output {
  readonly json: boolean;
  readonly live: boolean;
  private readonly color: boolean;
  private readonly sink: NonNullable<OutputOptions["sink"]>;

  constructor(options: OutputOptions) {
    this.json = options.json;
    this.live = Boolean(options.live) && !options.json;
    this.color = options.color;
    this.sink = options.sink ?? {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    };
  }

  static forTerminal(json: boolean): Output {
    const terminal = !json && Boolean(process.stdout.isTTY) && process.env.TERM !== "dumb";
    const color = terminal && !process.env.NO_COLOR;
    const live = terminal && !inCi();
    return new Output({ json, color, live });
  }

  private paint(style: Style, text: string): string {
    return this.color ? styleText(style, text) : text;
  }

  line(text = ""): void {
    if (!this.json) this.sink.out(`${text}\n`);
  }

  title(text: string): void {
    this.line(this.paint("bold", text));
  }

  info(text: string): void {
    this.line(`  ${text}`);
  }

  success(text: string): void {
    this.line(`${this.paint("green", "✔")} ${text}`);
  }

  warn(text: string): void {
    if (!this.json) this.sink.err(`${this.paint("yellow", "!")} ${text}\n`);
  }

  error(text: string): void {
    if (!this.json) this.sink.err(`${this.paint("red", "✖")} ${text}\n`);
  }

  /** A line on stdout marked as an error or a warning (reports, not failures of the command). */
  flag(severity: "error" | "warning", text: string): void {
    const mark = severity === "error" ? this.paint("red", "✖") : this.paint("yellow", "!");
    this.line(`${mark} ${text}`);
  }

  dim(text: string): string {
    return this.paint("dim", text);
  }

  /** Colours a unified diff: additions green, removals red. */
  diff(text: string): void {
    for (const line of text.split("\n")) {
      if (line.startsWith("+") && !line.startsWith("+++")) this.line(this.paint("green", line));
      else if (line.startsWith("-") && !line.startsWith("---")) this.line(this.paint("red", line));
      else this.line(line);
    }
  }

  /** The one JSON document of a `--json` run. */
  document(value: unknown): void {
    if (this.json) this.sink.out(`${JSON.stringify(value, null, 2)}\n`);
  }
}
