import { envValue } from "../syntax/dotenv.js";

/** The app's public origin: `AUTH_URL` from the env file, else the local dev server. */
export function appOrigin(envText: string, port: number): string {
  const url = envValue(envText, "AUTH_URL");
  if (url) {
    try {
      return new URL(url).origin;
    } catch {
      // Not a URL: `check` reports it; fall back to the dev server here.
    }
  }
  return `http://localhost:${port}`;
}
