import type { CheckContext, Rule } from "../types.js";

/** The values the runtime reads as "on" (runtime/src/playground/providers.ts). */
const ON = /^(1|true|yes|on)$/i;

/** Whether an `AUTH_PLAYGROUND` value turns the playground on, as the runtime reads it. */
export const playgroundOn = (value: string | undefined) => ON.test(value?.trim() ?? "");
/** `AUTH_PLAYGROUND=…` on a line of an env file, with its value (quotes and comment aside). */
const ASSIGNMENT = /^\s*(?:export\s+)?AUTH_PLAYGROUND\s*=\s*(["']?)([^"'#\s]*)\1/;
/** Env files that only a production build or start loads (the dotenv-flow/Vite/Next names). */
const PRODUCTION_FILES = [".env.production", ".env.production.local"];

const why =
  "The playground signs anyone in as a test user without a real provider. The runtime refuses it when NODE_ENV=production, so there the whole auth configuration fails (every sign-in and session request answers with a configuration error).";

/** Where AUTH_PLAYGROUND is turned on in a production env file: file, line. */
function inProductionEnv(context: CheckContext): { file: string; line: number }[] {
  const found: { file: string; line: number }[] = [];
  const loaded = context.env.get("AUTH_PLAYGROUND");
  if (
    loaded?.file &&
    loaded.line !== undefined &&
    playgroundOn(loaded.value) &&
    context.env.get("NODE_ENV")?.value === "production"
  )
    found.push({ file: loaded.file, line: loaded.line });
  for (const file of PRODUCTION_FILES) {
    if (found.some((place) => place.file === file)) continue;
    const lines = context.env.read(file)?.split("\n") ?? [];
    lines.forEach((text, index) => {
      const value = ASSIGNMENT.exec(text)?.[2];
      if (value !== undefined && playgroundOn(value)) found.push({ file, line: index + 1 });
    });
  }
  return found;
}

/**
 * The local sign-in playground where production would turn it on: `playground: true` written
 * in the configuration (no NODE_ENV guard), or `AUTH_PLAYGROUND` on in a production env file.
 */
export const playgroundInProduction: Rule = {
  id: "playground-in-production",
  severity: "error",
  summary:
    "The sign-in playground turned on for production: `playground: true` written in the configuration, or AUTH_PLAYGROUND in a production env file.",
  check(context) {
    const { config } = context.setup;
    const findings = inProductionEnv(context).map(({ file, line }) => ({
      file,
      line,
      message: `AUTH_PLAYGROUND is on in ${file}, which production loads.`,
      why,
      fix: `Remove AUTH_PLAYGROUND from ${file} (keep it in the development env file only) and set each provider's AUTH_<PROVIDER>_ID and _SECRET there.`,
    }));
    if (config.playground?.value === true)
      findings.unshift({
        file: config.file,
        line: config.playground.line,
        message:
          "playground: true is committed: it is on in every deployment, production included.",
        why,
        fix: 'Write `playground: process.env.NODE_ENV !== "production"`, or remove it and set AUTH_PLAYGROUND=true in the development env file only.',
      });
    return findings;
  },
};
