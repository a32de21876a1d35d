import * as nodeCrypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { decode, encode } from "../src/jwt.js";

// HKDF is the one costly step of every session read; it must run once per secret and salt.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, hkdfSync: vi.fn(actual.hkdfSync) };
});

const hkdf = vi.mocked(nodeCrypto.hkdfSync);

/** HKDF runs so far for this secret (its IKM) and salt. */
const derivations = (secret: string, salt: string) =>
  hkdf.mock.calls.filter(
    ([, ikm, forSalt]) =>
      Buffer.from(ikm as Uint8Array).toString() === secret &&
      Buffer.from(forSalt as Uint8Array).toString() === salt,
  ).length;

describe("key derivation cache", () => {
  it("derives the key for a secret and salt once, however many tokens it seals and opens", async () => {
    const secret = `cache-secret-${crypto.randomUUID()}`;
    const salt = "authjs.session-token";
    expect(derivations(secret, salt)).toBe(0);

    for (let i = 0; i < 5; i++) {
      const token = await encode({ token: { sub: String(i) }, secret, salt });
      await expect(decode({ token, secret, salt })).resolves.toMatchObject({ sub: String(i) });
    }
    expect(derivations(secret, salt)).toBe(1);

    // Another salt is another key: derived once more, and then cached too.
    const other = "__Secure-authjs.session-token";
    const token = await encode({ token: { sub: "x" }, secret, salt: other });
    await decode({ token, secret, salt: other });
    expect(derivations(secret, other)).toBe(1);
    expect(derivations(secret, salt)).toBe(1);
  });
});
