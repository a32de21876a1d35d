import { posix } from "node:path";
import { CliError } from "../../errors.js";
import { siblingSpecifier } from "../../syntax/sibling-specifier.js";
import { clientImport } from "../client-export.js";
import type { AdapterWiring, ImportContext, OrmModule } from "../types.js";
import { detectPrisma, type PrismaDetection, type PrismaInfo, prismaUnusable } from "./detect.js";
import { prismaMigration } from "./migration.js";
import { mappedName, planPrismaSchema } from "./plan-schema.js";
import { readSchema } from "./schema-reader.js";

const ADAPTER = "@auth/prisma-adapter";

/** The models @auth/prisma-adapter calls (`prisma.user`, …), whatever tables they map to. */
const AUTH_TABLE_MODELS = ["User", "Account", "Session", "VerificationToken"];

/** The adapter release line the compatibility suite verifies. */
const ADAPTER_RANGE = "^2.11.3";

/**
 * Where the app's generated client is imported from: `@prisma/client`, or the `output` folder of
 * its generator (`index` for `prisma-client-js`, `client` for the newer `prisma-client`).
 */
function generatedClient(detection: PrismaDetection, context: ImportContext): string {
  const generator = detection.info.generator;
  if (!generator?.output) return "@prisma/client";
  const entry = generator.provider === "prisma-client" ? "client.ts" : "index.js";
  return siblingSpecifier(
    context.configFile,
    posix.join(generator.output, entry),
    context.withExtension,
  );
}

/**
 * The configuration's adapter around the app's own client. Without an exported client, a
 * classic set-up gets `new PrismaClient()` from the generated client; a driver-adapter set-up
 * cannot (its adapter's arguments are the app's), so this throws `prisma_client_not_exported`
 * with the step to do by hand, which `init` moves to the plan's manual steps.
 */
function prismaWiring(detection: PrismaDetection, context: ImportContext): AdapterWiring {
  const adapterImport = { from: ADAPTER, named: ["PrismaAdapter"] };
  if (detection.client) {
    const { spec, binding } = clientImport(detection.client, context, "prisma");
    return { imports: [adapterImport, spec], expression: `PrismaAdapter(${binding})` };
  }
  if (detection.info.driverAdapter) {
    const creator = detection.info.unexportedClients[0];
    const where = creator ?? "a module such as src/db.ts";
    throw new CliError(
      "prisma_client_not_exported",
      `Export the PrismaClient your app creates with its driver adapter from ${where} (\`export const prisma = new PrismaClient({ adapter })\`), then run init again to pass it to PrismaAdapter: a second client built here could not know your adapter's settings.`,
      1,
      { file: creator },
    );
  }
  return {
    imports: [
      adapterImport,
      { from: generatedClient(detection, context), named: ["PrismaClient"] },
    ],
    expression: "PrismaAdapter(new PrismaClient())",
  };
}

/** Prisma: `@auth/prisma-adapter` over the app's PrismaClient, the auth models in its schema. */
export const prisma: OrmModule<"prisma", PrismaInfo> = {
  id: "prisma",
  name: "Prisma",
  packageNames: ["prisma", "@prisma/client"],
  adapterPackage: ADAPTER,
  detect: detectPrisma,
  unusable: prismaUnusable,
  adapterSpec: () => `${ADAPTER}@${ADAPTER_RANGE}`,
  extraPackages(detection) {
    // The adapter's peer; an app that only lists `prisma` gets the matching client runtime.
    return detection.info.hasClientPackage ? [] : [`@prisma/client@${detection.version}`];
  },
  wiring: prismaWiring,
  planSchema: planPrismaSchema,
  migration: prismaMigration,
  authTableNames(detection, read) {
    const models = detection.info.schema.files
      .flatMap((path) => readSchema(path, read(path)).blocks)
      .filter((block) => block.keyword === "model");
    return AUTH_TABLE_MODELS.map((name) => {
      const model = models.find((block) => block.name === name);
      return model ? mappedName(model) : name;
    });
  },
};
