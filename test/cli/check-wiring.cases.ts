/**
 * The Express wiring rules' fixtures: edits of the sound Express app
 * (test/fixtures/check-express/src/app.ts, mount on line 9), and near misses that stay silent.
 */

/** An edit of src/app.ts: the text to find, and what to put instead. */
export type Edit = [from: string, to: string];

export interface WiringCase {
  rule: string;
  label: string;
  edits: Edit[];
  /** The line of src/app.ts the finding must point at. */
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

export const wiringNearMisses: { label: string; edits: Edit[] }[] = [
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
