import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { embeddedDatabase, postgresAdapter } from "../../src/adapters/postgres/index.js";
import type { Adapter } from "../../src/adapters.js";
import { postgresStore } from "../password/support.js";

// The password provider's storage on every adapter of ours: one credential per user, replaced
// whole, gone with the user; and a user's sessions deleted at once (after a reset).

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function pglite(): Promise<Adapter> {
  const dir = await mkdtemp(join(tmpdir(), "ca-pw22-"));
  const db = embeddedDatabase(dir);
  cleanups.push(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });
  return postgresAdapter(db);
}

async function postgres(): Promise<Adapter> {
  const store = await postgresStore();
  cleanups.push(store.drop);
  return store.adapter;
}

describe.each([
  ["memory", async () => memoryAdapter() as Adapter],
  ["PGlite", pglite],
  ["PostgreSQL", postgres],
])("password credentials on %s", (_name, open) => {
  it("stores, replaces and deletes with the user; deletes a user's sessions", async () => {
    const adapter = await open();
    const user = await adapter.createUser!({
      id: "u",
      email: "ada@example.com",
      emailVerified: null,
    });
    const other = await adapter.createUser!({
      id: "o",
      email: "bob@example.com",
      emailVerified: null,
    });
    const id = String(user.id);
    expect(await adapter.getPasswordCredential!(id)).toBeNull();
    await adapter.setPasswordCredential!({ userId: id, hash: "scrypt$1", version: 1 });
    await adapter.setPasswordCredential!({ userId: id, hash: "scrypt$2", version: 2 });
    expect(await adapter.getPasswordCredential!(id)).toEqual({
      userId: id,
      hash: "scrypt$2",
      version: 2,
    });

    const expires = new Date(Date.now() + 60_000);
    for (const [token, owner] of [
      ["s1", user],
      ["s2", user],
      ["s3", other],
    ] as const) {
      await adapter.createSession!({ sessionToken: token, userId: owner.id, expires });
    }
    await adapter.deleteSessionsByUserId!(id);
    expect(await adapter.getSessionAndUser!("s1")).toBeNull();
    expect(await adapter.getSessionAndUser!("s2")).toBeNull();
    expect(await adapter.getSessionAndUser!("s3")).not.toBeNull();

    await adapter.deleteUser!(id);
    expect(await adapter.getPasswordCredential!(id)).toBeNull();
    expect(await adapter.getPasswordCredential!("not a user id")).toBeNull();
    // PGlite opens and migrates on first use: slow on a loaded machine.
  }, 120_000);
});
