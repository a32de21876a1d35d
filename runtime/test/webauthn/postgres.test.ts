import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabase, postgresAdapter } from "../../src/adapters/postgres/index.js";
import Passkey from "../../src/providers/passkey.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";
import { SoftwarePasskey } from "./authenticator.js";

const ORIGIN = "http://localhost:3000";
const dir = mkdtempSync(join(tmpdir(), "create-auth-passkey-"));
const db = embeddedDatabase(join(dir, "db"));
beforeAll(() => db.query("SELECT 1"), 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ceremony(client: TestClient, query: string, make: (challenge: string) => unknown) {
  const { action, options } = await (
    await client.request(`/auth/webauthn-options/passkey?${query}`)
  ).json();
  const { csrfToken } = await (await client.request("/auth/csrf")).json();
  const data = JSON.stringify(make(options.challenge));
  return client.request("/auth/callback/passkey", { form: { csrfToken, action, data } });
}

describe("passkeys on postgresAdapter (embedded PGlite)", () => {
  it("signs up, adds a second passkey, signs in with each, and stores the counters", async () => {
    const adapter = postgresAdapter(db);
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      adapter,
      logger: captureLogger().logger,
      experimental: { enableWebAuthn: true },
      providers: [Passkey()],
    };
    const rp = { origin: ORIGIN, rpId: "localhost" };
    const phone = new SoftwarePasskey();
    const laptop = new SoftwarePasskey();
    const browser = new TestClient(config, ORIGIN);
    await ceremony(browser, "email=pg@example.test", (challenge) =>
      phone.register({ ...rp, challenge }),
    );
    await ceremony(browser, "action=register", (challenge) =>
      laptop.register({ ...rp, challenge }),
    );
    for (const key of [phone, laptop]) {
      const device = new TestClient(config, ORIGIN);
      const response = await ceremony(device, "action=authenticate", (challenge) =>
        key.authenticate({ ...rp, challenge }),
      );
      expect(response.headers.get("location")).toBe(ORIGIN);
      const session = await (await device.request("/auth/session")).json();
      expect(session.user.email).toBe("pg@example.test");
    }
    const user = await adapter.getUserByEmail("pg@example.test");
    const stored = await adapter.listAuthenticatorsByUserId(user!.id);
    expect(stored.map((a) => a.counter)).toEqual([1, 1]);
  });
});
