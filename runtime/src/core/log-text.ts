/**
 * Text for a log line. Messages carry request input (a refused `callbackUrl`, a path, a
 * provider's error text), and a raw CR or LF in one would let a request write a separate,
 * forged `[auth][error]` line; other control characters can rewrite a terminal.
 */

const controls = /[\p{Cc}\u2028\u2029]/gu;
const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `text` with every control character (and U+2028/U+2029) written as an escape. */
export function logText(text: string): string {
  return text.replace(
    controls,
    (c) => named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
