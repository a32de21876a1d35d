/**
 * The wiring rules' fixtures: edits of a sound app (test/fixtures/check-<base>; Express's
 * src/app.ts mounts on line 9, Fastify's registers on line 10, Hono's routes on line 7; the
 * SolidStart one has no middleware), and near misses that stay silent.
 */
import type { Base } from "../support/check-project.js";

/** An edit of a file: the text to find, and what to put instead. */
export type Edit = [from: string, to: string];

/** How a case changes a sound project. */
export interface Rewiring {
  /** The fixture; Express unless told. */
  base?: Base;
  /** Edits of src/app.ts. */
  edits: Edit[];
  /** Edits of other files, by file. */
  other?: Record<string, Edit[]>;
  /** Files to write (new or replaced). */
  write?: Record<string, string>;
}

export interface WiringCase extends Rewiring {
  rule: string;
  label: string;
  /** Where the finding must point: src/app.ts unless told. */
  file?: string;
  line: number;
}

const MOUNT = 'app.use("/auth", ExpressAuth(authConfig));\n';
/** Lines added before the mount (which moves down by their count). */
const beforeMount = (lines: string): Edit => [MOUNT, `${lines}${MOUNT}`];
const afterMount = (lines: string): Edit => [MOUNT, `${MOUNT}${lines}`];

const NOT_FOUND = 'app.use((_req, res) => {\n  res.status(404).send("Not found");\n});\n';
const ERROR_HANDLER =
  "app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {\n  res.status(500).json({ error: error.message });\n});\n";

export const wiringCases: WiringCase[] = [
  {
    rule: "express-mount-shadowed",
    label: "a 404 handler before the mount",
    edits: [beforeMount(NOT_FOUND)],
    line: 12,
  },
  {
    rule: "express-mount-shadowed",
    label: "an SPA fallback on every path before the mount",
    edits: [beforeMount('app.get("/{*splat}", (_req, res) => res.sendFile("index.html"));\n')],
    line: 10,
  },
  {
    rule: "express-mount-shadowed",
    label: "a named 404 function before the mount",
    edits: [
      beforeMount("app.use(notFound);\n"),
      [
        "\napp.get(",
        "\nfunction notFound(_req: express.Request, res: express.Response) {\n  res.sendStatus(404);\n}\n\napp.get(",
      ],
    ],
    line: 10,
  },
  {
    rule: "express-error-handler-order",
    label: "an error handler before the mount",
    edits: [beforeMount(ERROR_HANDLER)],
    line: 12,
  },
  {
    rule: "express-auth-mounted-twice",
    label: "a second mount at another path",
    edits: [afterMount('app.use("/api/auth", ExpressAuth(authConfig));\n')],
    line: 10,
  },
];

export const wiringNearMisses: (Rewiring & { label: string })[] = [
  {
    label: "404 and error handlers after the mount",
    edits: [afterMount(NOT_FOUND + ERROR_HANDLER)],
  },
  {
    label: "a logger that calls next() before the mount",
    edits: [
      beforeMount("app.use((req, _res, next) => {\n  console.log(req.path);\n  next();\n});\n"),
    ],
  },
  {
    label: "routes with their own paths, and static files, before the mount",
    edits: [
      beforeMount(
        'app.use(express.static("public"));\napp.get("/about", (_req, res) => res.send("About"));\n',
      ),
    ],
  },
  {
    label: "a handler on another app",
    edits: [
      beforeMount("const admin = express();\nadmin.use((_req, res) => res.sendStatus(404));\n"),
    ],
  },
];

// Fastify: test/fixtures/check-fastify/src/app.ts registers FastifyAuth on line 10.
const REGISTER = '  await app.register(FastifyAuth(authConfig), { prefix: "/auth" });\n';
const afterRegister = (lines: string): Edit => [REGISTER, `${REGISTER}${lines}`];
const beforeRegister = (lines: string): Edit => [REGISTER, `${lines}${REGISTER}`];

// Hono: test/fixtures/check-hono/src/app.ts routes HonoAuth on line 7.
const ROUTE = 'app.route("/auth", HonoAuth(authConfig));\n';
const afterRoute = (lines: string): Edit => [ROUTE, `${ROUTE}${lines}`];
const beforeRoute = (lines: string): Edit => [ROUTE, `${lines}${ROUTE}`];

// SolidStart: a middleware (authMiddleware on line 6), pages, and the config registering it.
const middleware = (paths: string) =>
  `import { authMiddleware } from "@create-auth/runtime/solid-start";
import { createMiddleware } from "@solidjs/start/middleware";
import { authConfig } from "./auth";

export default createMiddleware({
  onRequest: [authMiddleware(authConfig, { protectedPaths: [${paths}] })],
});
`;
const page = (title: string) =>
  `export default function Page() {\n  return <main>${title}</main>;\n}\n`;
const ACCOUNT_PAGES = {
  "src/routes/index.tsx": page("Home"),
  "src/routes/account/index.tsx": page("Account"),
  "src/routes/account/settings.tsx": page("Settings"),
};
const REGISTERED = {
  "app.config.ts": [
    ["defineConfig({})", 'defineConfig({ middleware: "src/middleware.ts" })'],
  ] satisfies Edit[],
};
const solid = (paths: string, registered = true): Rewiring => ({
  base: "solid",
  edits: [],
  write: { ...ACCOUNT_PAGES, "src/middleware.ts": middleware(paths) },
  other: registered ? REGISTERED : {},
});

export const otherWiringCases: WiringCase[] = [
  {
    rule: "fastify-auth-registered-twice",
    label: "FastifyAuth registered twice under one prefix",
    base: "fastify",
    edits: [afterRegister('  app.register(FastifyAuth(authConfig), { prefix: "/auth" });\n')],
    line: 11,
  },
  {
    rule: "fastify-auth-registered-twice",
    label: "FastifyAuth registered under two prefixes",
    base: "fastify",
    edits: [
      afterRegister('  await app.register(FastifyAuth(authConfig), { prefix: "/api/auth" });\n'),
    ],
    other: { "src/auth.ts": [['  basePath: "/auth",\n', ""]] },
    line: 11,
  },
  {
    rule: "hono-auth-mounted-twice",
    label: "HonoAuth routed at a second path",
    base: "hono",
    edits: [afterRoute('app.route("/api/auth", HonoAuth(authConfig));\n')],
    line: 8,
  },
  {
    rule: "hono-auth-mounted-twice",
    label: "one HonoAuth sub-app routed at two paths",
    base: "hono",
    edits: [
      [ROUTE, 'const auth = HonoAuth(authConfig);\napp.route("/auth", auth);\n'],
      [
        'app.route("/books", books);\n',
        'app.route("/books", books);\napp.route("/login", auth);\n',
      ],
    ],
    line: 11,
  },
  {
    rule: "solid-middleware-not-registered",
    label: "a middleware app.config.ts does not name",
    file: "app.config.ts",
    ...solid('"/account/*"', false),
    line: 3,
  },
  {
    rule: "solid-middleware-not-registered",
    label: "app.config.ts naming a middleware file that does not exist",
    file: "app.config.ts",
    ...solid('"/account/*"', false),
    other: {
      "app.config.ts": [["defineConfig({})", 'defineConfig({ middleware: "src/middlewares.ts" })']],
    },
    line: 3,
  },
  {
    rule: "solid-middleware-coverage",
    label: "a protected path no route serves (a typo)",
    file: "src/middleware.ts",
    ...solid('"/acount/*"'),
    line: 6,
  },
  {
    rule: "solid-middleware-coverage",
    label: "an exact protected path with pages below it",
    file: "src/middleware.ts",
    ...solid('"/account"'),
    line: 6,
  },
];

export const otherWiringNearMisses: (Rewiring & { label: string })[] = [
  {
    label:
      "Fastify: a catch-all route and a not-found handler before FastifyAuth (Fastify routes by specificity)",
    base: "fastify",
    edits: [
      beforeRegister(
        '  app.setNotFoundHandler((_request, reply) => {\n    reply.code(404).send("Not found");\n  });\n  app.all("/*", async () => "index.html");\n',
      ),
    ],
  },
  {
    label: "Fastify: other plugins registered beside FastifyAuth",
    base: "fastify",
    edits: [
      afterRegister(
        '  await app.register(async (api) => {\n    api.get("/books", async () => []);\n  }, { prefix: "/api" });\n',
      ),
    ],
  },
  {
    label: "Hono: notFound and onError before HonoAuth",
    base: "hono",
    edits: [
      beforeRoute(
        'app.notFound((c) => c.text("Not found", 404));\napp.onError((_error, c) => c.text("Error", 500));\n',
      ),
    ],
  },
  {
    label: "Hono: another sub-app routed beside HonoAuth",
    base: "hono",
    edits: [afterRoute('app.route("/api/books", books);\n')],
  },
  { label: "SolidStart: a registered middleware protecting a section", ...solid('"/account/*"') },
  {
    label: "SolidStart: an exact path with the page below it listed too",
    ...solid('"/account", "/account/settings"'),
  },
  { label: "SolidStart: a regular expression", ...solid("/^\\/account(\\/|$)/") },
  { label: "SolidStart: the home page exactly", ...solid('"/"') },
];
