/**
 * Issue 17 (3): a non-SQL published adapter, `@auth/unstorage-adapter` over unstorage's memory
 * driver, through both real sign-ins with our runtime.
 */
import { UnstorageAdapter } from "@auth/unstorage-adapter";
import { createStorage } from "unstorage";
import memoryDriver from "unstorage/drivers/memory";
import type { Adapter } from "../../src/adapters.js";
import { type AdapterRecords, describeFullSignInFlows } from "./full-flows.js";

const storage = createStorage({ driver: memoryDriver() });

/** Every stored object whose key starts with `prefix` (the adapter's default key prefixes). */
async function itemsUnder(prefix: string) {
  const keys = (await storage.getKeys(prefix)).filter((key) => !key.includes(":by-user-id:"));
  return (await Promise.all(keys.map((key) => storage.getItem(key)))) as Record<string, unknown>[];
}

const records: AdapterRecords = {
  async user(email) {
    const id = await storage.getItem<string>(`user:email:${email}`);
    return id ? storage.getItem<{ id: string; emailVerified: string | null }>(`user:${id}`) : null;
  },
  accounts: async (userId) =>
    (await itemsUnder("user:account:")).filter((account) => account.userId === userId) as never,
  sessionTokens: async (userId) =>
    (await itemsUnder("user:session:"))
      .filter((session) => session.userId === userId)
      .map((session) => session.sessionToken as string),
  verificationTokens: async (email) => (await storage.getKeys(`user:token:${email}:`)).length,
};

describeFullSignInFlows("@auth/unstorage-adapter (memory driver)", () => ({
  adapter: UnstorageAdapter(storage) as Adapter,
  records,
}));
