/**
 * `GET {base}/webauthn-options/<id>`: which ceremony to run and its options (reference §4.8).
 *
 * | `action`       | signed in | user for `email` | result       |
 * |----------------|-----------|------------------|--------------|
 * | `authenticate` | any       | any              | authenticate |
 * | `register`     | yes       | (session user)   | register     |
 * | `register`     | no        | new email        | register     |
 * | `register`     | no        | exists / none    | 400          |
 * | none           | yes       | (session user)   | 400          |
 * | none           | no        | exists           | authenticate |
 * | none           | no        | new email        | register     |
 * | none           | no        | none             | authenticate |
 *
 * @module webauthn/options
 */
import { randomBytes } from "node:crypto";
import type { AdapterUser } from "../adapters.js";
import type { ActionResult } from "../core/actions/result.js";
import type { AuthContext } from "../core/context.js";
import { InvalidEmailAddress, normalizeEmailAddress } from "../core/email-address.js";
import { currentSession } from "../core/login.js";
import { type Ceremony, challengeMaxAge, type RegisterData, sealChallenge } from "./challenge.js";
import { base64urlFromBase64, stringToTransports } from "./encoding.js";
import { webAuthnContext } from "./provider.js";
import { relyingParty } from "./relying-party.js";
import { loadSimpleWebAuthn } from "./server.js";

interface UserInfo {
  user:
    | Pick<AdapterUser, "id" | "email" | "name">
    | { id?: undefined; email: string; name?: undefined };
  exists: boolean;
}

function normalizedEmail(value: string): string | undefined {
  try {
    return normalizeEmailAddress(value);
  } catch (error) {
    if (error instanceof InvalidEmailAddress) return undefined;
    throw error;
  }
}

function invalid(error: string): ActionResult {
  return { json: { error }, status: 400 };
}

/** Which ceremony the table above picks, or undefined for "Invalid request". */
export function decideCeremony(
  action: Ceremony | undefined,
  loggedIn: boolean,
  info: UserInfo | null,
): Ceremony | undefined {
  if (action === "authenticate") return "authenticate";
  if (action === "register") return info && loggedIn === info.exists ? "register" : undefined;
  if (loggedIn) return undefined;
  if (!info || info.exists) return "authenticate";
  return "register";
}

export async function webAuthnOptionsAction(ctx: AuthContext): Promise<ActionResult> {
  const { provider, adapter } = webAuthnContext(ctx);
  const action = ctx.query.action;
  if (action !== undefined && action !== "register" && action !== "authenticate") {
    return invalid("Invalid action");
  }
  const session = await currentSession(ctx);
  let info: UserInfo | null = null;
  if (session) {
    info = { user: session.user, exists: true };
  } else {
    // The email provider's rules: one plain, normalised address, or none at all.
    const email = ctx.query.email ? normalizedEmail(ctx.query.email) : undefined;
    if (ctx.query.email && !email) return invalid("Invalid request");
    if (email) {
      const found = await adapter.getUserByEmail?.(email);
      info = found ? { user: found, exists: true } : { user: { email }, exists: false };
    }
  }
  const ceremony = decideCeremony(action, session !== undefined, info);
  if (!ceremony) return invalid("Invalid request");

  const server = await loadSimpleWebAuthn();
  const rp = relyingParty(provider, ctx.origin);
  const maxAge = challengeMaxAge(provider.timeout);
  const existingUserId = info?.exists ? info.user.id : undefined;
  const authenticators = existingUserId
    ? await adapter.listAuthenticatorsByUserId(existingUserId)
    : [];
  const credentials = authenticators.map((a) => ({
    id: base64urlFromBase64(a.credentialID),
    transports: stringToTransports<"internal">(a.transports),
  }));

  if (ceremony === "authenticate") {
    const options = await server.generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: credentials,
      timeout: provider.timeout,
      userVerification: provider.userVerification ?? "preferred",
    });
    await sealChallenge(ctx, { challenge: options.challenge, action: ceremony }, maxAge);
    return { json: { action: ceremony, options } };
  }

  const user = info!.user;
  const userName = user.email ?? (session ? (user.name ?? String(user.id)) : undefined);
  if (!userName) return invalid("Invalid request");
  const registerData: RegisterData = session
    ? { id: session.user.id, existing: true }
    : { id: crypto.randomUUID(), email: user.email! };
  const options = await server.generateRegistrationOptions({
    rpID: rp.id,
    rpName: rp.name,
    userName,
    userDisplayName: user.name ?? userName,
    userID: randomBytes(32),
    timeout: provider.timeout,
    attestationType: "none",
    excludeCredentials: credentials,
    authenticatorSelection: {
      residentKey: provider.residentKey ?? "preferred",
      userVerification: provider.userVerification ?? "preferred",
    },
  });
  await sealChallenge(
    ctx,
    { challenge: options.challenge, action: ceremony, registerData },
    maxAge,
  );
  return { json: { action: ceremony, options } };
}
