import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../src/orm/prisma/index.js";
import { npmEnv } from "../support/install.js";
import {
  CLIENT_ENGINE,
  datasource,
  detectIn,
  packageJson,
  planIn,
  type SchemaCase,
  schema,
  schemaCases,
} from "./prisma-fixtures.js";

// The real Prisma CLI (6.16+, from the registry, installed once) on every schema planSchema
// writes: `prisma validate` accepts it and `prisma format --check` finds it formatted (the app's
// schemas in prisma-fixtures.ts are as `prisma format` writes them), and on SQLite the migration commands `migration()` returns create
// the tables, which @auth/prisma-adapter then reads and writes through the generated client.
//
// No engine binary can be downloaded here: `engine: "js"` in prisma.config.ts with the libSQL
// driver adapter runs the Wasm schema engine, and PRISMA_QUERY_ENGINE_LIBRARY points the classic
// generators' engine check at a placeholder file (validate and format never load it).

const base = mkdtempSync(join(tmpdir(), "prisma-cli-"));
const placeholderEngine = join(base, "placeholder-engine.so.node");
afterAll(() => rmSync(base, { recursive: true, force: true }));

const PRISMA = "^6.16.0";

beforeAll(async () => {
  writeFileSync(
    join(base, "package.json"),
    JSON.stringify({ name: "prisma-cli-test", private: true }),
  );
  writeFileSync(placeholderEngine, "");
  const started = Date.now();
  await execa(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      `prisma@${PRISMA}`,
      `@prisma/client@${PRISMA}`,
      `@prisma/adapter-libsql@${PRISMA}`,
      "@auth/prisma-adapter@^2.11.3",
    ],
    { cwd: base, env: npmEnv },
  );
  console.log(`prisma-cli: npm install took ${Math.round((Date.now() - started) / 1000)} s`);
}, 300_000);

const CONFIG = (schemaPath: string) => `import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { defineConfig } from "prisma/config";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "${schemaPath}",
  async adapter() {
    return new PrismaLibSQL({ url: "file:./dev.db" });
  },
});
`;

let count = 0;
/** A project beside the shared node_modules, with a prisma.config.ts for the Wasm engine. */
function project(files: Record<string, string>, schemaPath: string): string {
  const root = join(base, `p${count++}`);
  for (const [path, text] of Object.entries({ ...files, "prisma.config.ts": CONFIG(schemaPath) })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  symlinkSync(join(base, "node_modules"), join(root, "node_modules"), "dir");
  return root;
}

const URLS = {
  postgresql: "postgresql://u@127.0.0.1:5432/test",
  mysql: "mysql://root@127.0.0.1:3306/test",
  sqlite: "file:./dev.db",
};

/** The project's own `prisma` bin, as `npx prisma` finds it, without npx's own start-up each time. */
async function prismaCli(root: string, args: string[], url = URLS.postgresql) {
  return execa(join(root, "node_modules", ".bin", "prisma"), args, {
    cwd: root,
    reject: false,
    all: true,
    env: {
      PRISMA_QUERY_ENGINE_LIBRARY: placeholderEngine,
      DATABASE_URL: url,
      CHECKPOINT_DISABLE: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    },
  });
}

function applyPlan(root: string) {
  const set = planIn(root);
  for (const change of set.files) {
    mkdirSync(dirname(join(root, change.path)), { recursive: true });
    writeFileSync(join(root, change.path), change.after);
  }
  return set;
}

// Beside the schema checks below (sibling concurrent suites run together): its own project folder
// and database file, and `db push` regenerates the client, which validate and format never load.
// The longest test here, first so that it has one of the five concurrent slots from the start.
describe.concurrent("the migration on SQLite, then @auth/prisma-adapter on the tables", () => {
  it("creates the auth tables beside the app's and signs a user up through the adapter", async () => {
    const root = project(
      {
        "package.json": packageJson({ scripts: { "db:push": "prisma db push" } }),
        "prisma/schema.prisma": schema(
          CLIENT_ENGINE,
          datasource("sqlite", '"file:./dev.db"'),
          `model User {
  id    String @id @default(cuid())
  email String @unique
  posts Post[]
}`,
          `model Post {
  id       Int    @id @default(autoincrement())
  authorId String
  author   User   @relation(fields: [authorId], references: [id])
}`,
        ),
      },
      "prisma/schema.prisma",
    );
    applyPlan(root);
    const migration = prisma.migration(root, detectIn(root)!);
    expect(migration.printOnly).toBeUndefined();
    for (const step of migration.steps) {
      const run = await execa(step.command, step.args, {
        cwd: root,
        reject: false,
        all: true,
        env: { CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      });
      expect(run.all).toContain("in sync with your Prisma schema");
    }
    expect(existsSync(join(root, "dev.db"))).toBe(true);
    writeFileSync(join(root, "adapter-check.mjs"), ADAPTER_CHECK);
    const check = await execa("node", ["adapter-check.mjs"], {
      cwd: root,
      all: true,
      reject: false,
    });
    expect(check.exitCode, check.all).toBe(0);
    const result = JSON.parse(check.stdout) as Record<string, unknown>;
    expect(result.tables).toEqual([
      "Account",
      "Authenticator",
      "Post",
      "Session",
      "User",
      "VerificationToken",
    ]);
    expect(result).toMatchObject({
      userByAccount: "a@example.com",
      sessionUser: "a@example.com",
      tokenUsed: true,
      tokenUsedTwice: null,
      authenticators: ["cred-1"],
    });
  }, 180_000);
});

describe.concurrent("prisma validate and prisma format on the edited schemas", () => {
  it.each(schemaCases.map((c) => [c.name, c] as const))(
    "%s",
    async (_name, schemaCase: SchemaCase) => {
      const root = project(schemaCase.files, schemaCase.schemaPath);
      const url = URLS[detectIn(root)!.dialect];
      const set = applyPlan(root);
      expect(set.files.length).toBeGreaterThan(0);
      const validate = await prismaCli(root, ["validate"], url);
      expect(validate.all).toMatch(/is valid|are valid/);
      expect(validate.exitCode).toBe(0);
      const format = await prismaCli(root, ["format", "--check"], url);
      expect(format.all).toContain("All files are formatted correctly");
      expect(format.exitCode).toBe(0);
    },
    120_000,
  );
});

/** Signs a user up the way Auth.js does (OAuth account, database session, email token, passkey). */
const ADAPTER_CHECK = `import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaClient } from "@prisma/client";
import { PrismaAdapter } from "@auth/prisma-adapter";

const prisma = new PrismaClient({ adapter: new PrismaLibSQL({ url: "file:./dev.db" }) });
const rows = await prisma.$queryRawUnsafe("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
const tables = rows.map((row) => row.name).filter((name) => !name.startsWith("_") && !name.startsWith("sqlite"));
const adapter = PrismaAdapter(prisma);
const expires = new Date(Date.now() + 60_000);
const user = await adapter.createUser({ id: "ignored", email: "a@example.com", emailVerified: null, name: "A", image: null });
await adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "42", access_token: "gho_x", token_type: "bearer", scope: "read:user", refresh_token_expires_in: 15897600 });
const byAccount = await adapter.getUserByAccount({ provider: "github", providerAccountId: "42" });
await adapter.createSession({ sessionToken: "session-1", userId: user.id, expires });
const session = await adapter.getSessionAndUser("session-1");
await adapter.createVerificationToken({ identifier: "a@example.com", token: "hashed", expires });
const used = await adapter.useVerificationToken({ identifier: "a@example.com", token: "hashed" });
const usedTwice = await adapter.useVerificationToken({ identifier: "a@example.com", token: "hashed" });
await adapter.createAuthenticator({ credentialID: "cred-1", userId: user.id, providerAccountId: "cred-1", credentialPublicKey: "pk", counter: 0, credentialDeviceType: "singleDevice", credentialBackedUp: false, transports: "internal" });
const authenticators = await adapter.listAuthenticatorsByUserId(user.id);
await prisma.$disconnect();
console.log(JSON.stringify({
  tables,
  userByAccount: byAccount?.email,
  sessionUser: session?.user.email,
  tokenUsed: used?.token === "hashed",
  tokenUsedTwice: usedTwice,
  authenticators: authenticators.map((a) => a.credentialID),
}));
`;
