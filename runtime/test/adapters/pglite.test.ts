import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabase, postgresAdapter } from "../../src/adapters/postgres/index.js";
import { describeAdapterConformance } from "./conformance.js";

const dir = mkdtempSync(join(tmpdir(), "create-auth-pglite-"));
const db = embeddedDatabase(join(dir, "db"));
beforeAll(() => db.query("SELECT 1"), 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

// Ids as stored: numbers for SERIAL, as @auth/pg-adapter.
describeAdapterConformance("postgresAdapter on embedded PGlite", () => postgresAdapter(db), {
  stringIds: false,
});

describe("embeddedDatabase", () => {
  it("creates the folder and the schema on first use, and keeps data across reopening", async () => {
    const folder = join(dir, "reopen");
    const first = embeddedDatabase(folder);
    const user = await postgresAdapter(first).createUser({
      id: "",
      email: "keep@example.com",
      emailVerified: null,
    });
    await first.close();
    const second = embeddedDatabase(folder);
    try {
      expect(await postgresAdapter(second).getUser(user.id)).toMatchObject({
        email: "keep@example.com",
      });
    } finally {
      await second.close();
    }
  });
});
