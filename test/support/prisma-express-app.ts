/**
 * An Express + Prisma API as people start one (CommonJS TypeScript, ts-node, Jest, a User model
 * with posts, the client exported from src/db.ts), on Prisma 6.19 with engine "js" and a driver
 * adapter: the only Prisma set-up that installs without downloading engines.
 */

export type PrismaAppDialect = "postgresql" | "mysql";

const DIALECTS = {
  postgresql: {
    provider: "postgresql",
    adapterPackage: "@prisma/adapter-pg",
    adapterClass: "PrismaPg",
    // The CLI's pool closes idle connections at once, or every prisma command waits pg's 10 s.
    adapterArgs: {
      config: "{ connectionString: process.env.DATABASE_URL, idleTimeoutMillis: 1 }",
      app: "{ connectionString: process.env.DATABASE_URL }",
    },
  },
  mysql: {
    provider: "mysql",
    adapterPackage: "@prisma/adapter-mariadb",
    adapterClass: "PrismaMariaDb",
    // The adapter reads Prisma's mysql:// URL itself.
    adapterArgs: { config: "process.env.DATABASE_URL!", app: "process.env.DATABASE_URL!" },
  },
} as const;

const PRISMA = "6.19.3";

export const prismaExpressApp = (
  dialect: PrismaAppDialect,
  databaseUrl: string,
): Record<string, string> => {
  const { adapterPackage, adapterClass, adapterArgs, provider } = DIALECTS[dialect];
  return {
    "package.json": `${JSON.stringify(
      {
        name: `express-prisma-${dialect}-api`,
        version: "1.0.0",
        private: true,
        scripts: {
          dev: "ts-node src/index.ts",
          build: "tsc",
          start: "node dist/index.js",
          test: "jest",
        },
        dependencies: {
          [adapterPackage]: PRISMA,
          "@prisma/client": PRISMA,
          dotenv: "^16.4.7",
          express: "^5.1.0",
        },
        devDependencies: {
          "@types/express": "^5.0.0",
          "@types/jest": "^29.5.14",
          "@types/node": "^20.17.0",
          jest: "^29.7.0",
          prisma: PRISMA,
          "ts-jest": "^29.2.5",
          "ts-node": "^10.9.2",
          typescript: "~5.9.3",
        },
      },
      null,
      2,
    )}\n`,
    ".gitignore": "node_modules\ndist\n.env\n",
    ".env": `DATABASE_URL="${databaseUrl}"\n`,
    "tsconfig.json": `${JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "commonjs",
        rootDir: "src",
        outDir: "dist",
        strict: true,
        esModuleInterop: true,
        skipLibCheck: true,
      },
      include: ["src"],
    })}\n`,
    "jest.config.js":
      'module.exports = { preset: "ts-jest", testEnvironment: "node", testMatch: ["**/test/**/*.test.ts"] };\n',
    "prisma/schema.prisma": `generator client {
  provider   = "prisma-client-js"
  engineType = "client"
}

datasource db {
  provider = "${provider}"
  url      = env("DATABASE_URL")
}

model User {
  id    Int     @id @default(autoincrement())
  email String  @unique
  name  String?
  posts Post[]
}

model Post {
  id        Int     @id @default(autoincrement())
  title     String
  content   String?
  published Boolean @default(false)
  author    User?   @relation(fields: [authorId], references: [id])
  authorId  Int?
}
`,
    "prisma.config.ts": `import "dotenv/config";
import { ${adapterClass} } from "${adapterPackage}";
import { defineConfig } from "prisma/config";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    return new ${adapterClass}(${adapterArgs.config});
  },
});
`,
    "src/db.ts": `import { ${adapterClass} } from "${adapterPackage}";
import { PrismaClient } from "@prisma/client";

const adapter = new ${adapterClass}(${adapterArgs.app});

export const prisma = new PrismaClient({ adapter });
`,
    "src/app.ts": `import express from "express";
import { prisma } from "./db";

export const app = express();
app.use(express.json());

app.get("/users", async (_req, res) => {
  res.json(await prisma.user.findMany({ include: { posts: true } }));
});

app.post("/users", async (req, res) => {
  res.status(201).json(await prisma.user.create({ data: { email: req.body.email } }));
});
`,
    "src/index.ts": `import "dotenv/config";
import { app } from "./app";

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(\`Server ready at http://localhost:\${port}\`));
`,
    "test/app.test.ts": `import type { AddressInfo } from "node:net";
import { app } from "../src/app";
import { prisma } from "../src/db";

afterAll(() => prisma.$disconnect());

test("GET /users answers the users", async () => {
  const server = app.listen(0);
  const { port } = server.address() as AddressInfo;
  const response = await fetch(\`http://127.0.0.1:\${port}/users\`);
  server.close();
  expect(response.status).toBe(200);
});
`,
  };
};
