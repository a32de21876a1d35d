import type { ProjectInfo } from "../../frameworks/registry.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import { generateSecret, planEnv } from "../../plan/env-plan.js";
import { scriptEnvFiles } from "../../project/environment.js";
import { parseEnvValues } from "../../syntax/dotenv.js";
import type { Answers } from "./answers.js";
import { envAdditions, secretKeys } from "./config-module.js";

const PRODUCTION = /(?:^|\s)NODE_ENV=["']?production\b/;

/**
 * The env files the app's other scripts load get the keys too: an app that keeps one file per
 * script (`DOTENV_CONFIG_PATH=./config/.env.development` for `dev`, `.env.production` for
 * `start`) would otherwise start from `npm start` without a secret. Each file gets its own
 * secret (a development session is no production session). A file that runs the app with
 * `NODE_ENV=production` gets `AUTH_URL` too, since production does not trust the request's host:
 * the URL the file itself describes (`HOST` and `PORT`), or empty with a step saying what to set.
 * Nothing happens when `--env-path` named one file.
 */
export function planScriptEnvFiles(
  plan: PlanBuilder,
  project: ProjectInfo,
  answers: Answers,
  applied: Answers,
  options: { force?: boolean; envFile?: string },
): void {
  if (options.envFile) return;
  for (const { file, script, command } of scriptEnvFiles(project.root, project.pkg)) {
    if (file === answers.envFile) continue;
    const values = parseEnvValues(plan.read(file) ?? "");
    const production = values.NODE_ENV === "production" || PRODUCTION.test(command);
    const additions = envAdditions(applied, values.AUTH_SECRET || generateSecret()).filter(
      // The playground never runs in production: no switch for it there.
      ({ key }) => !(production && key === "AUTH_PLAYGROUND"),
    );
    const trusted = [values.AUTH_URL, values.AUTH_TRUST_HOST].some(Boolean);
    if (production && !trusted && !additions.some(({ key }) => key === "AUTH_TRUST_HOST")) {
      const url = describedUrl(values);
      additions.push({
        key: "AUTH_URL",
        value: url ?? "",
        comment: "The app's public URL: with NODE_ENV=production the request's host is not trusted",
      });
      plan.manual.push(
        url
          ? `${file} (loaded by scripts.${script}) sets NODE_ENV=production: its AUTH_URL is ${url}, from its HOST and PORT. Where you deploy, set AUTH_URL to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you control).`
          : `${file} (loaded by scripts.${script}) sets NODE_ENV=production: set AUTH_URL there to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you control), or sign-in answers 500 UntrustedHost.`,
      );
    }
    planEnv(plan, {
      envFile: file,
      additions,
      secrets: secretKeys(applied),
      force: options.force,
      gitRepository: project.git.repository,
    });
  }
}

/** `http://HOST:PORT` when the env file sets both, the address the app serves with that file. */
function describedUrl(values: Record<string, string>): string | undefined {
  const { HOST: host, PORT: port } = values;
  if (!host || !port || !/^\d+$/.test(port) || /[\s/]/.test(host)) return undefined;
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return `http://${name.includes(":") ? `[${name}]` : name}:${port}`;
}
