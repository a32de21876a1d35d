#!/usr/bin/env node
// Writes every file that lists the providers, from the `catalogue` each provider module exports
// (runtime/src/providers/<id>.ts). Run it after adding or changing a provider; on a merge
// conflict in one of its outputs, take either side and run it again.
//
//   node runtime/scripts/providers-sync.mjs          write the files
//   node runtime/scripts/providers-sync.mjs --check  exit 1 naming the files that are stale
//
// Outputs:
//   runtime/package.json            one "./providers/<id>" export per catalogue module (the
//                                   CommonJS build makes the node10 stub folders from these)
//   src/catalog/providers.generated.ts   the CLI's provider list (data only)
//   docs/providers.md               the table between the providers-table markers
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const runtime = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(runtime, "..");
const providersDir = join(runtime, "src", "providers");
const check = process.argv.includes("--check");

/**
 * Every provider module's `catalogue` export, checked against its file name: the file is named
 * after the id, or after `catalogue.module` when Auth.js ships the provider under another name.
 */
async function readCatalogue() {
  const files = readdirSync(providersDir).filter((name) => name.endsWith(".ts"));
  const out = join(
    root,
    "node_modules",
    ".cache",
    "create-auth-providers-sync",
    String(process.pid),
  );
  mkdirSync(out, { recursive: true });
  try {
    await build({
      entryPoints: files.map((name) => join(providersDir, name)),
      outdir: out,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      format: "esm",
      platform: "node",
      packages: "external",
      logLevel: "warning",
    });
    const entries = [];
    for (const name of files) {
      const module = await import(pathToFileURL(join(out, name.replace(/\.ts$/, ".mjs"))).href);
      if (!module.catalogue) continue;
      const file = name.replace(/\.ts$/, "");
      const { id, module: named } = module.catalogue;
      if ((named ?? id) !== file || named === id)
        throw new Error(
          named === undefined || named === id
            ? `src/providers/${name}: catalogue.id is "${id}", not "${file}" (set catalogue.module only when they differ)`
            : `src/providers/${name}: catalogue.module is "${named}", not "${file}"`,
        );
      if (typeof module.default !== "function")
        throw new Error(`src/providers/${name}: a catalogue module needs a default export`);
      entries.push(module.catalogue);
    }
    return entries.sort(
      (a, b) =>
        (a.order ?? Number.POSITIVE_INFINITY) - (b.order ?? Number.POSITIVE_INFINITY) ||
        a.id.localeCompare(b.id),
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const biome = join(root, "node_modules", ".bin", "biome");
/** Formatted as `biome check --write` would leave it, so lint and the sync agree. */
function format(path, text) {
  return execFileSync(biome, ["format", `--stdin-file-path=${path}`], {
    cwd: root,
    input: text,
    encoding: "utf8",
  });
}

/** The module's file name: the id unless the entry names another. */
const moduleOf = (entry) => entry.module ?? entry.id;

function exportEntry(file) {
  const esm = { types: `./dist/providers/${file}.d.ts`, default: `./dist/providers/${file}.js` };
  const cjs = {
    types: `./dist/cjs/providers/${file}.d.ts`,
    default: `./dist/cjs/providers/${file}.js`,
  };
  return { import: esm, "module-sync": esm, require: cjs, default: esm };
}

/** package.json with the catalogue's exports, sorted by module, right after "./providers". */
function packageJson(current, entries) {
  const manifest = JSON.parse(current);
  const files = new Set(entries.map(moduleOf));
  const exports = {};
  for (const [key, value] of Object.entries(manifest.exports)) {
    if (key.startsWith("./providers/") && files.has(key.slice("./providers/".length))) continue;
    exports[key] = value;
    if (key === "./providers")
      for (const file of [...files].sort()) exports[`./providers/${file}`] = exportEntry(file);
  }
  manifest.exports = exports;
  return format("runtime/package.json", `${JSON.stringify(manifest, null, 2)}\n`);
}

/** What the CLI reads: the catalogue without logos and colours (the CLI never draws buttons). */
function cliList(entries) {
  const keys = [
    ...["id", "name", "kind", "importName", "needsIssuer", "issuerFormat", "console"],
    ...["scopes", "checks", "quirks", "needsDatabase", "peer"],
  ];
  const list = entries.map((entry) => {
    const info = {};
    for (const key of keys) {
      if (key === "console") info.module = `@create-auth/runtime/providers/${moduleOf(entry)}`;
      if (entry[key] !== undefined) info[key] = entry[key];
    }
    return info;
  });
  // One provider per line: data, not code to read, and a change or a merge touches one line.
  return (
    "// Generated by `npm run providers:sync` from each runtime/src/providers/<id>.ts `catalogue`.\n" +
    "// Do not edit: change the provider module and run the script (a merge conflict here is\n" +
    "// solved the same way).\n" +
    "// biome-ignore-all format: generated data, one provider per line\n" +
    'import type { ProviderInfo } from "./providers.js";\n\n' +
    "export const generatedProviders: ProviderInfo[] = [\n" +
    list.map((info) => `  ${JSON.stringify(info)},\n`).join("") +
    "];\n"
  );
}

const kinds = { oauth: "OAuth 2", oidc: "OIDC" };
const start = "<!-- providers-table:start (generated by `npm run providers:sync`) -->";
const end = "<!-- providers-table:end -->";
const cell = (text) => String(text).replaceAll("|", "\\|").replaceAll("\n", " ");

/** docs/providers.md with the table rewritten: one row per OAuth/OIDC catalogue entry. */
function docsTable(current, entries) {
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/providers.md: missing ${start} … ${end}`);
  const rows = entries
    .filter((entry) => entry.kind === "oauth" || entry.kind === "oidc")
    .map((entry) => {
      const needs = [
        "id, secret",
        entry.needsIssuer ? `issuer \`${entry.issuerFormat ?? "URL"}\`` : "",
        entry.options ?? "",
      ].filter(Boolean);
      const callback = (entry.callbackUrl ?? `{origin}{base}/callback/${entry.id}`).replace(
        "{origin}{base}",
        "…",
      );
      // Each URL in the console text becomes a link (some name two consoles, or say what to make).
      const console = (entry.console ?? "—").replace(
        /https:\/\/[^\s)]+/g,
        (url) => `[${url.replace(/^https:\/\//, "")}](${url})`,
      );
      return (
        `| \`${entry.id}\` | ${kinds[entry.kind]} | ${cell(needs.join("; "))} | ` +
        `${(entry.checks ?? ["pkce"]).join(", ")} | ${entry.scopes ? `\`${cell(entry.scopes)}\`` : "none sent"} | ` +
        `\`${callback}\` | ${cell(console)} | ${cell(entry.quirks ?? "")} |`
      );
    });
  const table = [
    "| id | type | needs | checks | scopes | callback | console | quirks |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
  return `${current.slice(0, from)}${start}\n${table}\n${current.slice(to)}`;
}

const entries = await readCatalogue();
const outputs = [
  ["runtime/package.json", (current) => packageJson(current, entries)],
  ["src/catalog/providers.generated.ts", () => cliList(entries)],
  ["docs/providers.md", (current) => docsTable(current, entries)],
];
const stale = [];
for (const [path, make] of outputs) {
  const file = join(root, path);
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {}
  const next = make(current);
  if (next === current) continue;
  stale.push(path);
  if (!check) writeFileSync(file, next);
}
if (check && stale.length) {
  console.error(
    `Out of date with the provider modules: ${stale.join(", ")}. Run \`npm run providers:sync\`.`,
  );
  process.exit(1);
}
console.log(
  `${entries.length} providers; ${stale.length ? `${check ? "stale" : "wrote"}: ${stale.join(", ")}` : "all files up to date"}.`,
);
