/**
 * `POST {base}/callback/<id>` for WebAuthn: body `action` (`register` or `authenticate`) and
 * `data` (the credential as WebAuthn JSON). Verifies the browser's answer against the sealed
 * challenge, the relying party and the stored public key; any mismatch is
 * `WebAuthnVerificationError` and no session. Passkeys are linked to the signed-in user or to a
 * brand-new user, never to an existing user by email (`AccountNotLinked`).
 *
 * @module webauthn/callback
 */
import type { AdapterAccount, AdapterAuthenticator } from "../adapters.js";
import type { AuthContext } from "../core/context.js";
import { currentSession, loginOrRegister } from "../core/login.js";
import { forgetIdentifiers, type Identifier, limitSignIn } from "../core/rate-limit.js";
import { bodyString } from "../core/request.js";
import { afterSignInUrl, checkSignIn, issueSession } from "../core/sign-in.js";
import { AuthError, MissingCSRF, WebAuthnVerificationError } from "../errors.js";
import type { WebAuthnConfig } from "../providers/types.js";
import type { Account, User } from "../types.js";
import { type Ceremony, useChallenge } from "./challenge.js";
import {
  base64FromBase64url,
  base64FromBytes,
  base64urlFromBase64,
  bytesFromBase64,
  stringToTransports,
  transportsToString,
} from "./encoding.js";
import { type WebAuthnAdapter, webAuthnContext } from "./provider.js";
import { type ResolvedRelyingParty, relyingParty } from "./relying-party.js";
import { loadSimpleWebAuthn, type SimpleWebAuthnServer } from "./server.js";

type RegistrationResponse = Parameters<
  SimpleWebAuthnServer["verifyRegistrationResponse"]
>[0]["response"];
type AuthenticationResponse = Parameters<
  SimpleWebAuthnServer["verifyAuthenticationResponse"]
>[0]["response"];

interface Verified {
  user: User;
  account: Account;
  /** Registration only: the authenticator to store once the user is known. */
  authenticator?: Omit<AdapterAuthenticator, "userId">;
}

function parseData(ctx: AuthContext): { action: Ceremony; data: Record<string, unknown> } {
  const action = bodyString(ctx.request.body, "action");
  const raw = bodyString(ctx.request.body, "data");
  if (action !== "register" && action !== "authenticate") {
    throw new WebAuthnVerificationError("Invalid WebAuthn action");
  }
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : undefined;
  } catch {
    data = undefined;
  }
  if (!data || typeof data !== "object" || typeof (data as { id?: unknown }).id !== "string") {
    throw new WebAuthnVerificationError("Invalid WebAuthn response data");
  }
  return { action, data: data as Record<string, unknown> };
}

async function verifying<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (cause) {
    throw new WebAuthnVerificationError("The WebAuthn response could not be verified", { cause });
  }
}

export async function webAuthnCallback(ctx: AuthContext): Promise<string> {
  const { provider, adapter } = webAuthnContext(ctx);
  if (ctx.request.method !== "POST") {
    throw new WebAuthnVerificationError("A WebAuthn callback must be a POST");
  }
  // Stricter than Auth.js, which does not check CSRF here: the built-in page always sends it.
  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during a WebAuthn callback");
  const { action, data } = parseData(ctx);
  // Counted like every other sign-in, before any verification work: the address always, and
  // for a sign-in the credential it names (a signature cannot be guessed, but each attempt costs
  // a store read and a verification, and registrations create users).
  const identifiers = credentialIdentifier(ctx, action, data);
  await limitSignIn(ctx, provider.id, identifiers);
  const challenge = await useChallenge(ctx, action);
  const server = await loadSimpleWebAuthn();
  const rp = relyingParty(provider, ctx.origin);

  const verified =
    action === "authenticate"
      ? await authenticate(provider, adapter, server, rp, challenge.challenge, data)
      : await register(ctx, provider, adapter, server, rp, challenge, data);

  const redirect = await checkSignIn(ctx, { user: verified.user, account: verified.account });
  if (redirect) return redirect;
  const result = await loginOrRegister(ctx, { user: verified.user, account: verified.account });
  if (verified.authenticator) {
    await adapter.createAuthenticator({ ...verified.authenticator, userId: result.user.id! });
  }
  await issueSession(ctx, {
    user: result.user,
    account: { ...verified.account, userId: result.user.id },
    isNewUser: result.isNewUser,
    fromAdapter: result.fromAdapter,
    ...(result.session ? { session: result.session } : {}),
  });
  await forgetIdentifiers(ctx, provider.id, identifiers);
  return afterSignInUrl(ctx, result.isNewUser);
}

/**
 * The credential a sign-in names, as a rate-limit identifier (none for a registration). Taken
 * as sent: credential ids are case-sensitive and no app's `normalizeIdentifier` applies to them.
 */
function credentialIdentifier(
  ctx: AuthContext,
  action: Ceremony,
  data: Record<string, unknown>,
): Identifier[] {
  if (!ctx.config.rateLimit || action !== "authenticate") return [];
  return [{ field: "credential", value: String(data.id) }];
}

async function authenticate(
  provider: WebAuthnConfig,
  adapter: WebAuthnAdapter,
  server: SimpleWebAuthnServer,
  rp: ResolvedRelyingParty,
  challenge: string,
  data: Record<string, unknown>,
): Promise<Verified> {
  const response = data as unknown as AuthenticationResponse;
  const credentialID = base64FromBase64url(response.id);
  const authenticator = await adapter.getAuthenticator(credentialID);
  if (!authenticator) throw new WebAuthnVerificationError("Unknown credential");
  const verification = await verifying(
    server.verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
      credential: {
        id: base64urlFromBase64(authenticator.credentialID),
        publicKey: bytesFromBase64(authenticator.credentialPublicKey),
        counter: authenticator.counter,
        transports: stringToTransports(authenticator.transports),
      },
      requireUserVerification: provider.userVerification === "required",
    }),
  );
  if (!verification.verified) {
    throw new WebAuthnVerificationError("The WebAuthn response could not be verified");
  }
  await adapter.updateAuthenticatorCounter(
    authenticator.credentialID,
    verification.authenticationInfo.newCounter,
  );
  const account = await adapter.getAccount(authenticator.providerAccountId, provider.id);
  if (!account) throw new AuthError("The passkey's account was not found");
  const user = await adapter.getUser(account.userId);
  if (!user) throw new AuthError("The passkey's user was not found");
  return { user, account: webAuthnAccount(provider, account.providerAccountId) };
}

async function register(
  ctx: AuthContext,
  provider: WebAuthnConfig,
  adapter: WebAuthnAdapter,
  server: SimpleWebAuthnServer,
  rp: ResolvedRelyingParty,
  challenge: Awaited<ReturnType<typeof useChallenge>>,
  data: Record<string, unknown>,
): Promise<Verified> {
  const registerData = challenge.registerData;
  if (!registerData) throw new WebAuthnVerificationError("The challenge has no registration");
  if (registerData.existing) {
    // A passkey requested for a signed-in user goes to that user only.
    const current = await currentSession(ctx);
    if (!current || String(current.user.id) !== String(registerData.id)) {
      throw new WebAuthnVerificationError("The user who asked for this passkey is not signed in");
    }
  }
  const response = data as unknown as RegistrationResponse;
  const verification = await verifying(
    server.verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.ids,
      requireUserVerification: provider.userVerification === "required",
    }),
  );
  if (!verification.verified) {
    throw new WebAuthnVerificationError("The WebAuthn response could not be verified");
  }
  const { credential, credentialBackedUp, credentialDeviceType } = verification.registrationInfo;
  const credentialID = base64FromBase64url(credential.id);
  // WebAuthn §7.1 step 26: a credential id already registered is refused.
  if (await adapter.getAuthenticator(credentialID)) {
    throw new WebAuthnVerificationError("This credential is already registered");
  }
  const user: User = {
    id: registerData.id,
    ...(registerData.email ? { email: registerData.email } : {}),
  };
  return {
    user,
    account: webAuthnAccount(provider, credentialID),
    authenticator: {
      providerAccountId: credentialID,
      credentialID,
      credentialPublicKey: base64FromBytes(credential.publicKey),
      counter: credential.counter,
      credentialBackedUp,
      credentialDeviceType,
      transports: transportsToString(credential.transports ?? response.response.transports),
    },
  };
}

function webAuthnAccount(provider: WebAuthnConfig, providerAccountId: string): AdapterAccount {
  return { providerAccountId, provider: provider.id, type: "webauthn" } as AdapterAccount;
}
