import { posix } from "node:path";
import type { Node as MorphNode } from "ts-morph";
import { installedVersion } from "../../project/installed-version.js";
import { dependencyRange, type PackageJson } from "../../project/package-json.js";
import { readText } from "../../project/read-text.js";
import { Node } from "../../syntax/ts-morph.js";
import { callsOneOf, findClient } from "../client-export.js";
import type { Dialect, OrmDetection } from "../types.js";
import { DEFAULT_IDS, type IdConvention } from "./auth-models.js";
import { locateSchema, type SchemaLocation } from "./schema-location.js";
import {
  attribute,
  attributeArgs,
  listValue,
  readSchema,
  type SchemaBlock,
  type SchemaFile,
  stringValue,
} from "./schema-reader.js";

/** The generator that produces the client the app imports. */
export interface PrismaGenerator {
  /** `prisma-client-js` or the newer `prisma-client`. */
  provider: string;
  /** Project-relative folder of a custom `output`; undefined for `@prisma/client`. */
  output?: string;
  engineType?: string;
  previewFeatures: string[];
}

export interface PrismaInfo {
  schema: SchemaLocation;
  /** The datasource provider as written (`postgresql`, `postgres`, `mysql`, `sqlite`). */
  provider: string;
  generator: PrismaGenerator | undefined;
  /** The client is created with a driver adapter (`new PrismaClient({ adapter })`). */
  driverAdapter: boolean;
  /** How the app's models get ids (its `User` model's, else its first model's). */
  ids: IdConvention;
  /** The file defining `User`, when the app has one. */
  userFile?: string;
  /** `@prisma/client` is a dependency (the adapter's peer). */
  hasClientPackage: boolean;
  /** Where the app creates a PrismaClient it does not export (`src/server.ts:4`). */
  unexportedClients: string[];
}

export type PrismaDetection = OrmDetection<"prisma", PrismaInfo>;

const DIALECTS: Record<string, Dialect> = {
  postgresql: "postgresql",
  postgres: "postgresql",
  mysql: "mysql",
  sqlite: "sqlite",
};

/** Reads every file of the schema. */
export function readSchemaFiles(root: string, location: SchemaLocation): SchemaFile[] {
  return location.files.map((file) => readSchema(file, readText(root, file)));
}

/** The id convention of a model: its `@id` field's type, default and native type. */
export function idConvention(model: SchemaBlock): IdConvention | undefined {
  const id = model.fields.find((field) => attribute(field.attributes, "@id"));
  if (!id) return undefined;
  const defaultAttr = attribute(id.attributes, "@default");
  const native = id.attributes.find((a) => a.startsWith("@db."));
  const value = defaultAttr ? attributeArgs(defaultAttr) : "";
  const kind: IdConvention["kind"] = !defaultAttr
    ? "none"
    : value.startsWith("cuid(")
      ? "cuid"
      : value.startsWith("uuid(") || /gen_random_uuid|uuid_generate/.test(value)
        ? "uuid"
        : value === "autoincrement()"
          ? "autoincrement"
          : "other";
  return { kind, type: id.type, default: defaultAttr, native };
}

function generatorOf(blocks: SchemaBlock[], files: SchemaFile[]): PrismaGenerator | undefined {
  const block = blocks.find((b) => {
    const provider = stringValue(b.entries.get("provider"));
    return (
      b.keyword === "generator" && (provider === "prisma-client-js" || provider === "prisma-client")
    );
  });
  if (!block) return undefined;
  const file = files.find((f) => f.blocks.includes(block))!;
  const output = stringValue(block.entries.get("output"));
  return {
    provider: stringValue(block.entries.get("provider"))!,
    output: output ? posix.normalize(posix.join(posix.dirname(file.path), output)) : undefined,
    engineType: stringValue(block.entries.get("engineType")),
    previewFeatures: listValue(block.entries.get("previewFeatures")),
  };
}

/** Whether `new PrismaClient({ adapter, … })` passes a driver adapter. */
function passesAdapter(node: MorphNode): boolean {
  if (!Node.isNewExpression(node)) return false;
  const options = node.getArguments()[0];
  return (
    Node.isObjectLiteralExpression(options) &&
    options
      .getProperties()
      .some(
        (p) =>
          (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) &&
          p.getName() === "adapter",
      )
  );
}

/**
 * Why a Prisma project cannot be used (a provider other than PostgreSQL, MySQL or SQLite, or no
 * schema), for `init` to print; undefined when `detect` finds it usable or it has no Prisma.
 */
export function prismaUnusable(root: string, pkg: PackageJson): string | undefined {
  if (!dependencyRange(pkg, "prisma") && !dependencyRange(pkg, "@prisma/client")) return undefined;
  const { location, warnings } = locateSchema(root);
  if (!location)
    return [
      "Prisma is a dependency but no schema was found (prisma/schema.prisma, schema.prisma, prisma/schema/).",
      ...warnings,
    ].join(" ");
  const provider = datasourceProvider(readSchemaFiles(root, location));
  if (provider !== undefined && !DIALECTS[provider])
    return `${location.path}: datasource provider "${provider}" is not supported (PostgreSQL, MySQL/MariaDB and SQLite are); choose another --database.`;
  if (provider === undefined)
    return `${location.path}: no datasource with a literal provider was found.`;
  return undefined;
}

function datasourceProvider(files: SchemaFile[]): string | undefined {
  const datasource = files.flatMap((f) => f.blocks).find((b) => b.keyword === "datasource");
  return stringValue(datasource?.entries.get("provider"));
}

/** Prisma in this project: the schema, its provider and generator, and the app's client. */
export function detectPrisma(root: string, pkg: PackageJson): PrismaDetection | undefined {
  if (!dependencyRange(pkg, "prisma") && !dependencyRange(pkg, "@prisma/client")) return undefined;
  const { location, warnings } = locateSchema(root);
  if (!location) return undefined;
  const files = readSchemaFiles(root, location);
  const blocks = files.flatMap((f) => f.blocks);
  const provider = datasourceProvider(files);
  const dialect = provider === undefined ? undefined : DIALECTS[provider];
  if (!dialect || provider === undefined) return undefined;
  const generator = generatorOf(blocks, files);
  if (!generator)
    warnings.push(
      `${location.path}: no prisma-client-js or prisma-client generator; the adapter needs a generated Prisma Client.`,
    );

  let passedAdapter = false;
  const found = findClient(root, /PrismaClient/, (node) => {
    if (!callsOneOf(node, ["PrismaClient"])) return false;
    passedAdapter ||= passesAdapter(node);
    return true;
  });
  for (const evidence of found.unexported)
    warnings.push(`${evidence.split(": ")[0]} creates a PrismaClient it does not export.`);
  for (const evidence of found.others)
    warnings.push(
      `Another exported PrismaClient: ${evidence}; the configuration imports ${found.client?.file}.`,
    );
  const adapterDependency = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).some(
    (name) => name.startsWith("@prisma/adapter-"),
  );
  const driverAdapter = passedAdapter || adapterDependency;

  const user = blocks.find((b) => b.keyword === "model" && b.name === "User");
  const firstModelIds = blocks
    .filter((b) => b.keyword === "model")
    .map(idConvention)
    .find((c) => c !== undefined);
  const ids = (user && idConvention(user)) ?? firstModelIds ?? DEFAULT_IDS;
  if (user && (ids.type === "Int" || ids.type === "BigInt"))
    warnings.push(
      `User.id is ${ids.type}: with JWT sessions the adapter's getUser(id) receives the token's string subject, which Prisma rejects for a number, so a signed-in user cannot link another account; database sessions are not affected.`,
    );
  const userFile = user ? files.find((f) => f.blocks.includes(user))?.path : undefined;

  const version =
    installedVersion(root, "prisma") ??
    installedVersion(root, "@prisma/client") ??
    dependencyRange(pkg, "prisma") ??
    dependencyRange(pkg, "@prisma/client")!;
  const where = found.client ? `client in ${found.client.file}` : "no exported client";
  return {
    orm: "prisma",
    version,
    dialect,
    client: found.client,
    evidence: `${location.path}: datasource provider "${provider}", ${where}${driverAdapter ? ", driver adapter" : ""}`,
    warnings,
    info: {
      schema: location,
      provider,
      generator,
      driverAdapter,
      ids,
      userFile,
      hasClientPackage: dependencyRange(pkg, "@prisma/client") !== undefined,
      unexportedClients: found.unexported.map((evidence) => evidence.split(": ")[0]!),
    },
  };
}
