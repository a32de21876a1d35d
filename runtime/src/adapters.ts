/**
 * The database interface, identical to Auth.js's `Adapter`, so the published `@auth/*-adapter`
 * packages plug in unchanged. Every method may return a value or a promise. Class instances
 * work: methods are looked up through the prototype chain.
 *
 * @module adapters
 */
import type { Account, Authenticator, Awaitable, User } from "./types.js";

/** A user as stored by an adapter. */
export interface AdapterUser extends User {
  id: string;
  email: string;
  /** When the user last proved they own `email`; `null` while unverified. */
  emailVerified: Date | null;
}

/** An account of a user at a provider, as stored by an adapter. */
export interface AdapterAccount extends Account {
  userId: string;
  type: Extract<Account["type"], "oauth" | "oidc" | "email" | "webauthn">;
}

/** A database session row. */
export interface AdapterSession {
  /** The random value stored in the session cookie. */
  sessionToken: string;
  userId: string;
  expires: Date;
}

/** A pending magic-link token. `token` is stored hashed, never in clear. */
export interface VerificationToken {
  identifier: string;
  expires: Date;
  token: string;
}

/**
 * A user's password, as the password provider stores it. Ours, not Auth.js's. `hash` is
 * `scrypt$N$r$p$salt$hash`; `version` grows with every reset or change, and sessions minted
 * under an older one end.
 */
export interface PasswordCredential {
  userId: string;
  hash: string;
  version: number;
}

/** A WebAuthn authenticator (passkey) as stored by an adapter. */
export interface AdapterAuthenticator extends Authenticator {
  userId: string;
}

/** The Auth.js adapter interface. Which methods are required depends on the features in use. */
export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>;
  getUser?(id: string): Awaitable<AdapterUser | null>;
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>;
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>;
  linkAccount?(
    account: AdapterAccount,
  ): Promise<void> | Awaitable<AdapterAccount | null | undefined>;
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>;
  createSession?(session: {
    sessionToken: string;
    userId: string;
    expires: Date;
  }): Awaitable<AdapterSession>;
  getSessionAndUser?(
    sessionToken: string,
  ): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>;
  deleteSession?(
    sessionToken: string,
  ): Promise<void> | Awaitable<AdapterSession | null | undefined>;
  createVerificationToken?(
    verificationToken: VerificationToken,
  ): Awaitable<VerificationToken | null | undefined>;
  useVerificationToken?(params: {
    identifier: string;
    token: string;
  }): Awaitable<VerificationToken | null>;
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>;
  /**
   * The accounts linked to a user. Not in Auth.js's interface: create-auth's adapters have it,
   * so an email sign-in can tell a user the app invited from one someone created through another
   * sign-in method (see `loginOrRegister`). Optional; without it, Auth.js's behaviour.
   */
  listAccountsByUserId?(userId: string): Awaitable<AdapterAccount[]>;
  /** The user's password (password provider). Ours; create-auth's adapters have it. */
  getPasswordCredential?(userId: string): Awaitable<PasswordCredential | null>;
  /** Stores (inserts or replaces) the user's password (password provider). Ours. */
  setPasswordCredential?(credential: PasswordCredential): Awaitable<void>;
  /** Deletes every database session of a user (after a password reset). Ours. */
  deleteSessionsByUserId?(userId: string): Awaitable<void>;
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>;
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>;
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>;
  updateAuthenticatorCounter?(
    credentialID: string,
    newCounter: number,
  ): Awaitable<AdapterAuthenticator>;
}

/** Every method name of {@link Adapter}. */
export const adapterMethods = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "deleteUser",
  "linkAccount",
  "unlinkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "createVerificationToken",
  "useVerificationToken",
  "getAccount",
  "listAccountsByUserId",
  "getPasswordCredential",
  "setPasswordCredential",
  "deleteSessionsByUserId",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
] as const satisfies readonly (keyof Adapter)[];

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Whether a value is an ISO-8601 date string, for adapters that store dates as text. */
export function isDate(value: unknown): value is string {
  return typeof value === "string" && isoDate.test(value) && !Number.isNaN(Date.parse(value));
}
