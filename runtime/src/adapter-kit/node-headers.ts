import type { IncomingHttpHeaders } from "node:http";
import type { HeaderReader } from "../core/request.js";

const joined = (value: string | string[]) => (Array.isArray(value) ? value.join(", ") : value);

/** Node's parsed request headers (lower-case names) as the core's {@link HeaderReader}. */
export function nodeHeaderReader(headers: IncomingHttpHeaders): HeaderReader {
  return {
    get: (name) => {
      const value = headers[name.toLowerCase()];
      return value === undefined ? undefined : joined(value);
    },
    *entries() {
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) yield [name, joined(value)];
      }
    },
  };
}
