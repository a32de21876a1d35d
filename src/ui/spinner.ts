/**
 * Runs `work` under a @clack/prompts spinner (only in a live terminal: callers decide), which is
 * cleared when the work succeeds (the caller prints the outcome) and marked failed otherwise.
 * Loaded on use, like the prompts: runs without a terminal never load clack.
 */
export async function withSpinner<T>(
  message: string,
  work: () => Promise<T>,
  failed: (value: T) => string | undefined,
): Promise<T> {
  const { spinner } = await import("@clack/prompts");
  const indicator = spinner({ indicator: "timer" });
  indicator.start(message);
  try {
    const value = await work();
    const failure = failed(value);
    if (failure) indicator.error(failure);
    else indicator.clear();
    return value;
  } catch (error) {
    indicator.error(message);
    throw error;
  }
}
