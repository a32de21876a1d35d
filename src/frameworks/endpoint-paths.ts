/**
 * Where a configuration says its endpoints live, for the rules that compare it with where the
 * framework serves them: `basePath` and the path of `AUTH_URL`.
 */
import type { CheckContext, Rule } from "../check/types.js";

/** One place that names the endpoints' path, and where it is written. */
export interface NamedPath {
  where: string;
  path: string;
  file?: string;
  line?: number;
}

/** The configuration's literal `basePath`, normalized by `normalize`. */
export function configuredBasePath(
  context: CheckContext,
  normalize: (path: string) => string,
): NamedPath | undefined {
  const { config } = context.setup;
  if (!config.basePath || config.basePath.value === "dynamic") return undefined;
  return {
    where: "basePath",
    path: normalize(config.basePath.value),
    file: config.file,
    line: config.basePath.line,
  };
}

/**
 * AUTH_URL's path, normalized, when it is an http(s) URL with one (anything else is
 * auth-url-invalid's to report, and a bare origin names no path).
 */
export function authUrlPath(
  context: CheckContext,
  normalize: (path: string) => string,
): NamedPath | undefined {
  const authUrl = context.env.get("AUTH_URL");
  const url = authUrl?.value && URL.canParse(authUrl.value) ? new URL(authUrl.value) : undefined;
  if (!authUrl || !url || !/^https?:$/.test(url.protocol) || url.pathname === "/") return undefined;
  return {
    where: "AUTH_URL",
    path: normalize(url.pathname),
    file: authUrl.file,
    line: authUrl.line,
  };
}

/** One finding at the first place when the places name more than one path, else none. */
export function pathDisagreement(
  seen: (NamedPath | undefined)[],
  advice: { why: string; fix: string },
): ReturnType<Rule["check"]> {
  const named = seen.filter((place): place is NamedPath => place !== undefined);
  if (new Set(named.map((place) => place.path)).size <= 1) return [];
  const first = named[0]!;
  return [
    {
      file: first.file,
      line: first.line,
      message: `The endpoints' path differs: ${named.map((place) => `${place.where} ${place.path}`).join(", ")}.`,
      ...advice,
    },
  ];
}
