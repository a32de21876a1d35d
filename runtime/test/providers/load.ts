import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ProviderCatalogue } from "../../src/providers/catalogue.js";
import type { OAuthConfig, OAuthUserConfig } from "../../src/providers/types.js";
import type { ProviderCase } from "./case.js";

const providersDir = fileURLToPath(new URL("../../src/providers/", import.meta.url));
const casesDir = fileURLToPath(new URL("./cases/", import.meta.url));

export interface CatalogueModule {
  /** The provider id (`catalogue.id`). */
  id: string;
  /** The module's file name: the id, or `catalogue.module` (`ory-hydra` for `hydra`). */
  file: string;
  catalogue: ProviderCatalogue;
  // biome-ignore lint/suspicious/noExplicitAny: each preset takes its own options type
  preset: (options?: OAuthUserConfig<any> & Record<string, unknown>) => OAuthConfig<any>;
  /** `cases/<file>.ts`, when there is one. */
  providerCase?: ProviderCase;
}

/** Every provider module that exports a `catalogue`, with its case file when it has one. */
export async function loadCatalogue() {
  const modules: CatalogueModule[] = [];
  for (const name of readdirSync(providersDir).sort()) {
    if (!name.endsWith(".ts")) continue;
    const module = await import(/* @vite-ignore */ pathToFileURL(`${providersDir}${name}`).href);
    if (!module.catalogue) continue;
    const file = name.replace(/\.ts$/, "");
    const casePath = `${casesDir}${file}.ts`;
    const providerCase = existsSync(casePath)
      ? ((await import(/* @vite-ignore */ pathToFileURL(casePath).href)).default as ProviderCase)
      : undefined;
    modules.push({
      id: module.catalogue.id,
      file,
      catalogue: module.catalogue,
      preset: module.default,
      providerCase,
    });
  }
  const oauth = modules.filter((m) => m.catalogue.kind === "oauth" || m.catalogue.kind === "oidc");
  const withCases = oauth.flatMap((m) =>
    m.providerCase ? [{ ...m, providerCase: m.providerCase }] : [],
  );
  return { modules, oauth, withCases };
}
