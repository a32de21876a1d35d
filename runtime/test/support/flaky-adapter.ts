import { memoryAdapter } from "../../src/adapters/memory.js";
import { type Adapter, adapterMethods } from "../../src/adapters.js";

/**
 * A memory adapter whose methods reject (as `pg` does when the server refuses) while
 * `state.down`: all of them, or only those named in `state.only`. A non-zero
 * `state.retryAfter` is put on the error, as an overloaded pool's error carries one, and so is
 * `state.code`.
 */
export function flakyAdapter() {
  const inner = memoryAdapter();
  const state = {
    down: false,
    only: undefined as Set<string> | undefined,
    retryAfter: 0,
    /** A driver's error code (SQLSTATE, Prisma's) put on the error. */
    code: undefined as string | undefined,
  };
  const adapter: Record<string, unknown> = {};
  for (const name of adapterMethods) {
    const method = (inner as Record<string, unknown>)[name];
    if (typeof method !== "function") continue;
    adapter[name] = (...args: unknown[]) => {
      if (state.down && (!state.only || state.only.has(name))) {
        const error = new Error("connect ECONNREFUSED 127.0.0.1:5432");
        if (state.retryAfter) Object.assign(error, { retryAfter: state.retryAfter });
        if (state.code) Object.assign(error, { code: state.code });
        return Promise.reject(error);
      }
      return (method as (...a: unknown[]) => unknown).apply(inner, args);
    };
  }
  return { adapter: adapter as Adapter, inner, state };
}
