import type { ProviderInfo } from "../../catalog/providers.js";
import { readAuthSetup } from "../../frameworks/auth-setup.js";

/**
 * The asked-for providers that an existing configuration does not have. `init` never rewrites a
 * configuration it did not just create (`add-provider` edits one), so for these it prints the
 * command to run and writes none of their env keys: keys for a provider the app does not use
 * would only suggest that it does. Undefined when the file cannot be read as a configuration.
 */
export function providersMissingFrom(
  root: string,
  configFile: string,
  wanted: ProviderInfo[],
): ProviderInfo[] | undefined {
  try {
    const { config } = readAuthSetup(root, { configFile });
    const present = new Set(
      config.providers.flatMap((provider) => [provider.id, provider.preset]).filter(Boolean),
    );
    // Email may come from the nodemailer preset.
    if (present.has("nodemailer")) present.add("email");
    return wanted.filter((provider) => !present.has(provider.id));
  } catch {
    return undefined;
  }
}

/** The manual step for a provider an existing configuration lacks. */
export function addProviderStep(configFile: string, provider: ProviderInfo): string {
  return `${configFile} exists and does not configure ${provider.id}; use \`npx create-auth add-provider ${provider.id}\` (init leaves an existing configuration as it is)`;
}
