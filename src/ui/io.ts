import type { Asker } from "./ask.js";
import type { Output } from "./output.js";

/** What every command talks to the user through. */
export interface Io {
  output: Output;
  asker: Asker;
}
