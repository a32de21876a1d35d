import type { Adapter, PasswordCredential } from "../../adapters.js";
import type { SqlClient } from "./client.js";

/**
 * The password provider's methods over `password_credentials` (schema version 3), and deleting a
 * user's sessions after a reset. `isUserId` guards ids that cannot name a `SERIAL` row.
 */
export function passwordMethods(
  db: SqlClient,
  isUserId: (id: unknown) => boolean,
  mapId: (id: unknown) => string,
): Required<
  Pick<Adapter, "getPasswordCredential" | "setPasswordCredential" | "deleteSessionsByUserId">
> {
  return {
    async getPasswordCredential(userId) {
      if (!isUserId(userId)) return null;
      const { rows } = await db.query(
        `SELECT "userId", hash, version FROM password_credentials WHERE "userId" = $1`,
        [userId],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        userId: mapId(row.userId),
        hash: String(row.hash),
        version: Number(row.version),
      } satisfies PasswordCredential;
    },
    async setPasswordCredential({ userId, hash, version }) {
      if (!isUserId(userId)) throw new Error(`No user with id ${userId}`);
      await db.query(
        `INSERT INTO password_credentials ("userId", hash, version) VALUES ($1, $2, $3)
         ON CONFLICT ("userId") DO UPDATE SET hash = $2, version = $3, "updatedAt" = now()`,
        [userId, hash, version],
      );
    },
    async deleteSessionsByUserId(userId) {
      if (!isUserId(userId)) return;
      await db.query(`DELETE FROM sessions WHERE "userId" = $1`, [userId]);
    },
  };
}
