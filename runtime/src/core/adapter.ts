import { type Adapter, adapterMethods } from "../adapters.js";
import { AdapterError } from "../errors.js";
import type { LoggerInstance } from "../types.js";

/**
 * The adapter with every method wrapped: calls are debug-logged, failures become an
 * {@link AdapterError} naming the method. Methods are found through the prototype chain, so
 * class-instance adapters work (Auth.js loses them, reference §11 item 5).
 */
export function wrapAdapter(adapter: Adapter | undefined, logger: LoggerInstance) {
  if (!adapter) return undefined;
  const wrapped: Adapter = {};
  const methods = adapter as Record<string, (...args: unknown[]) => unknown>;
  for (const name of adapterMethods) {
    if (typeof methods[name] !== "function") continue;
    (wrapped as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      // Never the arguments: they carry session tokens and OAuth access/refresh tokens.
      logger.debug(`adapter_${name}`);
      try {
        // Looked up per call, so a method replaced later (a spy, a reconnect) is the one used.
        return await methods[name]!.apply(adapter, args);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failure = new AdapterError(`Adapter method "${name}" failed: ${message}`, {
          cause: error,
        });
        // Marks it as the store's own failure (see `isStoreFailure`).
        failure.method = name;
        throw failure;
      }
    };
  }
  return wrapped as Required<Pick<Adapter, never>> & Adapter;
}

/** Adapter method names present on `adapter` (own or inherited). */
export function hasAdapterMethod(adapter: Adapter | undefined, name: keyof Adapter): boolean {
  return typeof adapter?.[name] === "function";
}
