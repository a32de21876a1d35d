import { envPrefix, type ProviderInfo } from "../../catalog/providers.js";
import type { EnvAddition } from "../../edit/env-file.js";
import { CliError } from "../../errors.js";
import type { Io } from "../../ui/io.js";
import type { AddProviderOptions } from "../add-provider.js";
import { checkIssuer } from "./issuer.js";

// What `add-provider` asks for and writes to the env files: the button name, the client
// credentials (flags, stdin or prompts) and the env keys they go to.

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** `--name`, checked: the name on a generic OpenID provider's sign-in button. */
export function displayName(provider: ProviderInfo, flag: string | undefined): string | undefined {
  if (flag === undefined) return undefined;
  if (provider.id !== "oidc")
    throw new CliError(
      "invalid_flag",
      `--name is for "add-provider oidc" (any OpenID provider); ${provider.name} has its own name.`,
    );
  const name = flag.trim();
  // One printable line: it goes into a string literal in the user's configuration.
  if (!name || name.length > 80 || /\p{Cc}/u.test(name))
    throw new CliError(
      "invalid_flag",
      `--name must be a short display name such as "Corp SSO" (one line, at most 80 characters), got ${JSON.stringify(flag)}.`,
    );
  return name;
}

/**
 * The credentials: flags, stdin or prompts (only for a provider being added); empty values are
 * filled in later by the user.
 */
export async function credentials(
  options: AddProviderOptions,
  provider: ProviderInfo,
  io: Io,
  prompt: boolean,
) {
  const needsIssuer = provider.needsIssuer === true;
  const ask = prompt && io.asker.interactive && !io.asker.yes;
  const clientId =
    options.clientId ??
    (ask
      ? await io.asker.prompter.text({
          message: `${provider.name} client id (empty to fill in later)`,
        })
      : "");
  let clientSecret = "";
  if (options.clientSecretStdin) {
    clientSecret = (await (options.readStdin ?? (() => readAll(process.stdin)))()).trim();
    if (!clientSecret)
      throw new CliError("invalid_flag", "--client-secret-stdin: standard input was empty.");
  } else if (ask) {
    clientSecret = await io.asker.prompter.password({
      message: `${provider.name} client secret (hidden; empty to fill in later)`,
    });
  }
  let issuer = options.issuer ?? "";
  if (needsIssuer && !issuer && ask)
    issuer = await io.asker.prompter.text({
      message: `${provider.name} issuer URL (empty to fill in later)`,
      placeholder: "https://sso.example.com",
      validate: (value) => (value ? checkIssuer(value) : undefined),
    });
  return { clientId: clientId.trim(), clientSecret, issuer, needsIssuer };
}

export function envAdditions(
  provider: ProviderInfo,
  id: string,
  name: string,
  values: Awaited<ReturnType<typeof credentials>>,
): EnvAddition[] {
  if (provider.kind === "credentials" || provider.kind === "webauthn") return [];
  if (provider.kind === "email" || provider.kind === "password")
    return [
      {
        key: "AUTH_EMAIL_SERVER",
        value: "",
        comment: "SMTP URL; empty prints links to the console in development",
      },
      {
        key: "AUTH_EMAIL_FROM",
        value: "",
        comment:
          provider.kind === "email"
            ? "Sender of sign-in emails"
            : "Sender of confirmation and reset emails",
      },
    ];
  const prefix = envPrefix(id);
  return [
    { key: `${prefix}_ID`, value: values.clientId, comment: `${name} client id` },
    { key: `${prefix}_SECRET`, value: values.clientSecret, comment: `${name} client secret` },
    ...(values.needsIssuer
      ? [{ key: `${prefix}_ISSUER`, value: values.issuer, comment: `${name} issuer URL` }]
      : []),
  ];
}
