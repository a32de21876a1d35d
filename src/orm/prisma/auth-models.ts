import type { Dialect } from "../types.js";

/**
 * How the app's models get their ids, copied onto the auth models so `Account.userId` has the
 * type (and native type) of `User.id` and new ids look like the app's own.
 */
export interface IdConvention {
  kind: "cuid" | "uuid" | "autoincrement" | "other" | "none";
  /** `String`, `Int`, `BigInt`. */
  type: string;
  /** `@default(cuid())` as the app writes it; undefined when ids have no default. */
  default?: string;
  /** A native type attribute (`@db.Uuid`) the foreign keys must share. */
  native?: string;
}

/** Ids for a schema with no model to follow: what the Auth.js Prisma schema uses. */
export const DEFAULT_IDS: IdConvention = {
  kind: "cuid",
  type: "String",
  default: "@default(cuid())",
};

export interface ModelField {
  name: string;
  /** With its modifiers: `String?`, `Account[]`. */
  type: string;
  attributes: string[];
}

export interface ModelSpec {
  name: string;
  fields: ModelField[];
  blockAttributes: string[];
}

/** The models `@auth/prisma-adapter` 2.x calls through fixed delegates (`prisma.account`). */
export const AUTH_MODELS = ["Account", "Session", "VerificationToken", "Authenticator"] as const;

/** Fields whose presence says a model of that name is the adapter's, not the app's own. */
export const AUTH_SHAPE: Record<(typeof AUTH_MODELS)[number], string[]> = {
  Account: ["provider", "providerAccountId"],
  Session: ["sessionToken"],
  VerificationToken: ["identifier", "token"],
  Authenticator: ["credentialID"],
};

/** MySQL maps `String` to varchar(191): provider tokens and passkey keys are longer. */
function long(dialect: Dialect): string[] {
  return dialect === "mysql" ? ["@db.Text"] : [];
}

function idField(ids: IdConvention): ModelField {
  const fallback = ids.type === "String" ? "@default(cuid())" : "@default(autoincrement())";
  return {
    name: "id",
    type: ids.type,
    attributes: ["@id", ids.default ?? fallback, ...(ids.native ? [ids.native] : [])],
  };
}

function userIdField(ids: IdConvention): ModelField {
  return { name: "userId", type: ids.type, attributes: ids.native ? [ids.native] : [] };
}

const userRelation: ModelField = {
  name: "user",
  type: "User",
  attributes: ["@relation(fields: [userId], references: [id], onDelete: Cascade)"],
};

const timestamps: ModelField[] = [
  { name: "createdAt", type: "DateTime", attributes: ["@default(now())"] },
  { name: "updatedAt", type: "DateTime", attributes: ["@updatedAt"] },
];

/** The fields the adapter reads and writes on the app's `User` model. */
export function userFields(dialect: Dialect): ModelField[] {
  return [
    { name: "name", type: "String?", attributes: [] },
    { name: "email", type: "String?", attributes: ["@unique"] },
    { name: "emailVerified", type: "DateTime?", attributes: [] },
    { name: "image", type: "String?", attributes: long(dialect) },
  ];
}

/** `User`'s side of the auth relations: the model each list points to, and its field name. */
export const USER_RELATIONS: ModelField[] = [
  { name: "accounts", type: "Account[]", attributes: [] },
  { name: "sessions", type: "Session[]", attributes: [] },
  { name: "Authenticator", type: "Authenticator[]", attributes: [] },
];

/** A whole `User` model, for a schema that has none. */
export function userModel(dialect: Dialect, ids: IdConvention): ModelSpec {
  return {
    name: "User",
    fields: [idField(ids), ...userFields(dialect), ...USER_RELATIONS, ...timestamps],
    blockAttributes: [],
  };
}

/**
 * The adapter's other models, following the field list of `@auth/prisma-adapter` 2.11 and its
 * documented schema: compound keys named as the adapter queries them (`provider_providerAccountId`,
 * `identifier_token`), cascading deletes from `User`, and `refresh_token_expires_in` because
 * some providers (GitHub) return it and `linkAccount` passes every token field through.
 */
export function authModels(dialect: Dialect, ids: IdConvention): Record<string, ModelSpec> {
  const text = long(dialect);
  return {
    Account: {
      name: "Account",
      fields: [
        idField(ids),
        userIdField(ids),
        { name: "type", type: "String", attributes: [] },
        { name: "provider", type: "String", attributes: [] },
        { name: "providerAccountId", type: "String", attributes: [] },
        { name: "refresh_token", type: "String?", attributes: text },
        { name: "access_token", type: "String?", attributes: text },
        { name: "expires_at", type: "Int?", attributes: [] },
        { name: "refresh_token_expires_in", type: "Int?", attributes: [] },
        { name: "token_type", type: "String?", attributes: [] },
        { name: "scope", type: "String?", attributes: [] },
        { name: "id_token", type: "String?", attributes: text },
        { name: "session_state", type: "String?", attributes: [] },
        ...timestamps,
        userRelation,
      ],
      blockAttributes: ["@@unique([provider, providerAccountId])", "@@index([userId])"],
    },
    Session: {
      name: "Session",
      fields: [
        idField(ids),
        { name: "sessionToken", type: "String", attributes: ["@unique"] },
        userIdField(ids),
        { name: "expires", type: "DateTime", attributes: [] },
        ...timestamps,
        userRelation,
      ],
      blockAttributes: ["@@index([userId])"],
    },
    VerificationToken: {
      name: "VerificationToken",
      fields: [
        { name: "identifier", type: "String", attributes: [] },
        { name: "token", type: "String", attributes: [] },
        { name: "expires", type: "DateTime", attributes: [] },
      ],
      blockAttributes: ["@@id([identifier, token])"],
    },
    Authenticator: {
      name: "Authenticator",
      fields: [
        { name: "credentialID", type: "String", attributes: ["@unique"] },
        userIdField(ids),
        { name: "providerAccountId", type: "String", attributes: [] },
        { name: "credentialPublicKey", type: "String", attributes: text },
        { name: "counter", type: "Int", attributes: [] },
        { name: "credentialDeviceType", type: "String", attributes: [] },
        { name: "credentialBackedUp", type: "Boolean", attributes: [] },
        { name: "transports", type: "String?", attributes: [] },
        userRelation,
      ],
      blockAttributes: ["@@id([userId, credentialID])"],
    },
  };
}
