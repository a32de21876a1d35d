import { readdirSync, readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const folder = new URL("../../schemas/", import.meta.url);
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);
for (const file of readdirSync(folder).filter((name) => name.endsWith(".schema.json")))
  ajv.addSchema(JSON.parse(readFileSync(new URL(file, folder), "utf8")));

/** Validates a `--json` document against `schemas/<name>.schema.json`; returns the errors. */
export function schemaErrors(name: string, document: unknown): string[] {
  const validate = ajv.getSchema(`https://create-auth.dev/schemas/${name}.schema.json`);
  if (!validate) throw new Error(`No schema ${name}`);
  return validate(document)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}
