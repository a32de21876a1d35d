import { describe, expect, it } from "vitest";
import { ensureFastifyRegistration } from "../../src/frameworks/fastify/fastify-register.js";
import { detectStyle } from "../../src/syntax/source-style.js";
import { caseNames, editCase, expectEdit } from "../support/edit-cases.js";

const HELPER = "ensure-fastify-registration";

type Options = { kind?: "instance" | "plugin"; trustProxy?: boolean };

const register =
  ({ kind = "instance", trustProxy = false }: Options = {}) =>
  (text: string, ext: string) =>
    ensureFastifyRegistration(text, `app${ext}`, {
      mount: "/auth",
      plugin: "FastifyAuth(authConfig)",
      kind,
      trustProxy,
      style: detectStyle(text),
    });

const edits: (Options & { name: string; manual?: string[] })[] = [
  { name: "esm-ts-factory" },
  { name: "cjs-require-called-inline" },
  { name: "fastify-cli-plugin", kind: "plugin" },
  { name: "cjs-module-exports-plugin", kind: "plugin" },
  { name: "after-setup-plugins" },
  { name: "statements-between-plugins" },
  { name: "error-handler-after-routes" },
  { name: "trust-proxy-no-options", trustProxy: true },
  { name: "trust-proxy-with-options", trustProxy: true },
  { name: "void-habit" },
  { name: "named-import-comments" },
  {
    name: "trust-proxy-options-variable",
    trustProxy: true,
    manual: [
      "In app.js:4, add `trustProxy: true` to the options passed to Fastify() (the app runs behind a proxy).",
    ],
  },
];
const unchanged: (Options & { name: string; unrecognised?: string })[] = [
  { name: "already-registered", trustProxy: true },
  { name: "plugin-in-variable" },
  {
    name: "unnamed-instance",
    unrecognised:
      "In app.js, the instance is created without a name (export default Fastify({ logger: true })): name it (const app = Fastify(…)), register the endpoints on it, then use it as before:",
  },
  {
    name: "no-fastify-call",
    unrecognised: "In app.ts, where the Fastify instance is created, before the routes:",
  },
];

describe("ensureFastifyRegistration", () => {
  it("has a test entry for every case folder", () => {
    expect([...edits, ...unchanged].map((c) => c.name).sort()).toEqual(caseNames(HELPER));
  });

  it.each(edits)("ensureFastifyRegistration: $name", async ({ name, manual = [], ...options }) => {
    await expectEdit(HELPER, name, (text, ext) => {
      const result = register(options)(text, ext);
      expect(result.unrecognised).toBeUndefined();
      expect(result.manual).toEqual(manual);
      return result.text;
    });
  });

  it.each(unchanged)("ensureFastifyRegistration: $name leaves the file alone", ({
    name,
    unrecognised,
    ...options
  }) => {
    const { before, ext } = editCase(HELPER, name);
    const result = register(options)(before, ext);
    expect(result.text).toBe(before);
    expect(result.unrecognised).toBe(unrecognised);
    expect(result.manual).toEqual([]);
  });

  it("the app plugin's instance cannot be given trustProxy: that is said, not guessed", () => {
    const { before, ext } = editCase(HELPER, "fastify-cli-plugin");
    const result = register({ kind: "plugin", trustProxy: true })(before, ext);
    expect(result.manual).toEqual([
      expect.stringMatching(/^app\.js receives its Fastify instance: .*--trust-proxy-enabled/),
    ]);
  });

  it("ensureFastifyRegistration: keeps CRLF line endings", () => {
    const before = "const fastify = require('fastify')()\r\nfastify.listen({ port: 3000 })\r\n";
    expect(register()(before, ".js").text).toBe(
      "const fastify = require('fastify')()\r\nfastify.register(FastifyAuth(authConfig), { prefix: '/auth' })\r\nfastify.listen({ port: 3000 })\r\n",
    );
  });
});
