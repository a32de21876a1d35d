import { posix } from "node:path";
import { CliError } from "../../errors.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import {
  AUTH_MODELS,
  AUTH_SHAPE,
  authModels,
  type ModelField,
  type ModelSpec,
  USER_RELATIONS,
  userFields,
  userModel,
} from "./auth-models.js";
import type { PrismaDetection } from "./detect.js";
import { planSchemaSnapshot } from "./js-engine-migration.js";
import { addFields, renderModel } from "./schema-layout.js";
import {
  attribute,
  attributeArgs,
  readSchema,
  type SchemaBlock,
  type SchemaFile,
  stringValue,
} from "./schema-reader.js";

const REASON = "Auth.js models for @auth/prisma-adapter";

/** The schema as the plan has it now (earlier edits included). */
function currentFiles(plan: PlanBuilder, detection: PrismaDetection): SchemaFile[] {
  const paths = [...detection.info.schema.files];
  const extra = authFile(detection);
  if (extra && !paths.includes(extra) && plan.exists(extra)) paths.push(extra);
  return paths.map((path) => readSchema(path, plan.read(path) ?? ""));
}

/** Where new models go: the single file, or `auth.prisma` in a multi-file schema folder. */
function authFile(detection: PrismaDetection): string | undefined {
  const { schema } = detection.info;
  return schema.multiFile ? posix.join(schema.path, "auth.prisma") : undefined;
}

/** The name Prisma Client gives a model's delegate (`prisma.account`), which the adapter calls. */
const delegate = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/**
 * Refuses a schema where an app model already takes a name the adapter needs: the adapter calls
 * `prisma.account`, `prisma.session`… whatever the table is mapped to, so renaming auth's model
 * cannot work, and changing the app's model is the user's call.
 */
function refuseClashes(models: SchemaBlock[]): void {
  for (const name of AUTH_MODELS) {
    const taken = models.find((m) => delegate(m.name) === delegate(name));
    if (taken && !AUTH_SHAPE[name].every((field) => taken.fields.some((f) => f.name === field)))
      throw new CliError(
        "prisma_model_clash",
        `Your Prisma schema has a model ${taken.name} of its own (no ${AUTH_SHAPE[name].join(", ")} field), and @auth/prisma-adapter needs a model ${name} through prisma.${delegate(name)}. Rename yours (e.g. to Billing${name}, keeping its table with @@map("${mappedName(taken)}")), then run init again: nothing was changed.`,
        1,
        { model: taken.name },
      );
    const table = models.find((m) => m.name !== name && mappedName(m) === name);
    if (!taken && table)
      throw new CliError(
        "prisma_table_clash",
        `Your Prisma model ${table.name} is stored in the table "${name}", the table auth's ${name} model needs. Rename that table (@@map) and run init again: nothing was changed.`,
      );
  }
}

/** The table a model is stored in: its `@@map("…")`, else its name. */
export function mappedName(model: SchemaBlock): string {
  const map = model.blockAttributes.find((a) => a.startsWith("@@map("));
  return (map && stringValue(attributeArgs(map).split(",")[0]?.trim())) ?? model.name;
}

/** Whether `email` is unique on its own (`@unique` or `@@unique([email])`). */
function emailUnique(user: SchemaBlock): boolean {
  const email = user.fields.find((f) => f.name === "email");
  if (email && attribute(email.attributes, "@unique")) return true;
  return user.blockAttributes.some((a) =>
    /^@@(unique|id)\(\s*(fields:\s*)?\[\s*email\s*\]/.test(a),
  );
}

/** The app's fields that a user created by OAuth or email sign-in leaves without a value. */
function unfillable(user: SchemaBlock, models: SchemaBlock[], enums: Set<string>): string[] {
  const modelNames = new Set(models.map((m) => m.name));
  const filled = new Set(["name", "email", "emailVerified", "image"]);
  return user.fields
    .filter((f) => !f.optional && !f.list && !filled.has(f.name))
    .filter((f) => !modelNames.has(f.type) || enums.has(f.type))
    .filter((f) => !attribute(f.attributes, "@default") && !attribute(f.attributes, "@updatedAt"))
    .filter((f) => !attribute(f.attributes, "@id"))
    .map((f) => `${f.name} ${f.type}`);
}

/** Adds what auth needs to the app's `User` model; the rest of it stays as written. */
function extendUser(
  plan: PlanBuilder,
  detection: PrismaDetection,
  file: SchemaFile,
  user: SchemaBlock,
  models: SchemaBlock[],
): void {
  const has = (name: string) => user.fields.some((f) => f.name === name);
  const added: ModelField[] = userFields(detection.dialect).filter((f) => !has(f.name));
  for (const relation of USER_RELATIONS) {
    const target = relation.type.replace("[]", "");
    if (user.fields.some((f) => f.type === target)) continue;
    // A name the app uses for something else (`sessions UserSession[]`): the relation still
    // needs its field on User, under a name of its own.
    const name = has(relation.name) ? `auth${target}s` : relation.name;
    added.push({ ...relation, name });
  }
  const email = user.fields.find((f) => f.name === "email");
  if (email && !emailUnique(user))
    plan.manual.push(
      `${file.path}: User.email is not unique, and the adapter finds users by email (findUnique). Make it \`@unique\` once no two users share an address; create-auth does not change it for you.`,
    );
  const idField = user.fields.find((f) => attribute(f.attributes, "@id"));
  if (idField && !attribute(idField.attributes, "@default"))
    plan.manual.push(
      `${file.path}: User.${idField.name} has no @default, and the adapter creates users without an id: give it one (e.g. @default(cuid())).`,
    );
  for (const wanted of userFields(detection.dialect)) {
    const theirs = user.fields.find((f) => f.name === wanted.name);
    const type = wanted.type.replace("?", "");
    if (theirs && theirs.type !== type)
      plan.manual.push(
        `${file.path}: User.${theirs.name} is ${theirs.type}, and the adapter stores a ${type} (or null) there: change its type, or sign-ins that write it fail.`,
      );
    else if (
      theirs &&
      !theirs.optional &&
      theirs.name !== "email" &&
      !attribute(theirs.attributes, "@default")
    )
      plan.manual.push(
        `${file.path}: User.${theirs.name} is required, and a user signing in with an email link has none: make it optional (${theirs.type}?) or give it a @default.`,
      );
  }
  const enums = new Set(models.filter((m) => m.keyword === "enum").map((m) => m.name));
  const required = unfillable(user, models, enums);
  if (required.length > 0)
    plan.manual.push(
      `${file.path}: User has required fields auth cannot fill (${required.join(", ")}): signing up through OAuth or an email link fails to create the user until each gets a @default or becomes optional (Type?).`,
    );
  if (added.length > 0) plan.write(file.path, addFields(file, user, added), REASON);
}

/** The field list of a compound key (`@@id([a, b])`, `@@unique([a, b])`): `a,b`. */
function compoundKey(text: string): string | undefined {
  if (!/^@@(id|unique)\(/.test(text)) return undefined;
  const list = /\[([^\]]*)\]/.exec(text)?.[1];
  return list?.replace(/\s+/g, "");
}

/** An auth model the app already has is kept; what the adapter needs from it and it lacks is said. */
function reportLacking(plan: PlanBuilder, existing: SchemaBlock, spec: ModelSpec): void {
  const lacking = spec.fields
    .filter((f) => f.name !== "id" && !existing.fields.some((e) => e.name === f.name))
    .map((f) => f.name);
  const keys = new Set(existing.blockAttributes.map(compoundKey));
  for (const key of spec.blockAttributes.map(compoundKey))
    if (key && !keys.has(key)) lacking.push(`@@unique([${key.replaceAll(",", ", ")}])`);
  if (lacking.length > 0)
    plan.manual.push(
      `Your ${spec.name} model lacks ${lacking.join(", ")}, which @auth/prisma-adapter reads, writes or looks up by: add them (see docs/orm.md).`,
    );
}

/** Appends model blocks to a file, one blank line apart, ending with a newline. */
function appendModels(text: string, blocks: string[]): string {
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const body = blocks.join("\n\n").replaceAll("\n", newline);
  if (text.trim() === "") return `${body}${newline}`;
  return `${text.replace(/\s*$/, "")}${newline}${newline}${body}${newline}`;
}

/**
 * Writes the adapter's models into the app's schema: its `User` model extended (never a second
 * one), the missing auth models appended to the schema file or, in a multi-file schema, to
 * `auth.prisma` beside it. Ids follow the app's. A second run finds everything and writes nothing.
 */
export function planPrismaSchema(plan: PlanBuilder, detection: PrismaDetection): void {
  const files = currentFiles(plan, detection);
  const models = files
    .flatMap((f) => f.blocks)
    .filter(
      (b) =>
        b.keyword === "model" ||
        b.keyword === "enum" ||
        b.keyword === "view" ||
        b.keyword === "type",
    );
  refuseClashes(models.filter((m) => m.keyword !== "enum"));
  const user = models.find((m) => m.keyword === "model" && m.name === "User");
  const specs = authModels(detection.dialect, detection.info.ids);
  const missing = AUTH_MODELS.filter((name) => !models.some((m) => m.name === name)).map(
    (name) => specs[name]!,
  );
  for (const name of AUTH_MODELS) {
    const existing = models.find((m) => m.name === name);
    if (existing) reportLacking(plan, existing, specs[name]!);
  }
  if (user) {
    const file = files.find((f) => f.blocks.includes(user))!;
    extendUser(plan, detection, file, user, models);
  } else missing.unshift(userModel(detection.dialect, detection.info.ids));
  if (missing.length > 0) {
    const target = authFile(detection) ?? detection.info.schema.files[0]!;
    plan.edit(target, REASON, (text) => appendModels(text, missing.map(renderModel)));
  }
  planSchemaSnapshot(plan, detection);
}
