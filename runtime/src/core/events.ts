import { EventError } from "../errors.js";
import type { EventCallbacks } from "../types.js";
import type { ResolvedConfig } from "./config.js";

/**
 * Runs an event handler; its failure is logged as `EventError` and never breaks the flow
 * (reference §5.2).
 */
export async function emitEvent<K extends keyof EventCallbacks>(
  config: ResolvedConfig,
  name: K,
  message: Parameters<EventCallbacks[K]>[0],
): Promise<void> {
  const handler = config.events[name] as ((message: unknown) => unknown) | undefined;
  if (!handler) return;
  try {
    await handler(message);
  } catch (cause) {
    config.logger.error(new EventError(`The "${name}" event handler threw`, { cause }));
  }
}
