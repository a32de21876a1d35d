import { EventError } from "../errors.js";
import type { EventCallbacks } from "../types.js";
import type { ResolvedConfig } from "./config.js";

/**
 * Runs an event handler; its failure is logged as `EventError` and never breaks the flow
 * (reference §5.2). Without a handler nothing is scheduled: every session read emits `session`,
 * and most apps listen to nothing.
 */
export function emitEvent<K extends keyof EventCallbacks>(
  config: ResolvedConfig,
  name: K,
  message: Parameters<EventCallbacks[K]>[0],
): Promise<void> | undefined {
  const handler = config.events[name] as ((message: unknown) => unknown) | undefined;
  return handler ? runHandler(config, name, handler, message) : undefined;
}

async function runHandler(
  config: ResolvedConfig,
  name: string,
  handler: (message: unknown) => unknown,
  message: unknown,
): Promise<void> {
  try {
    await handler(message);
  } catch (cause) {
    config.logger.error(new EventError(`The "${name}" event handler threw`, { cause }));
  }
}
