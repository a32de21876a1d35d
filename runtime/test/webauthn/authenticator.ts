import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";

/**
 * A software passkey for tests without a browser: a P-256 key, "none" attestation, and the
 * WebAuthn JSON a browser would post (https://www.w3.org/TR/webauthn-3/ §6.1, §6.5). It signs
 * whatever challenge and origin it is given, so tests can play a phishing page or a replay.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

/** The CBOR subset WebAuthn needs: small integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");

export interface CeremonyInput {
  challenge: string;
  origin: string;
  rpId: string;
}

export class SoftwarePasskey {
  readonly credentialId = randomBytes(16);
  readonly userHandle = randomBytes(32);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  counter = 0;

  get id(): string {
    return b64url(this.credentialId);
  }

  private authenticatorData(rpId: string, attested: boolean): Buffer {
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0); // user present, user verified, (attested)
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts: Uint8Array[] = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const jwk = this.keys.publicKey.export({ format: "jwk" });
      const cose = new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, cbor(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, { challenge, origin }: CeremonyInput): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What `navigator.credentials.create()` gives, as WebAuthn JSON. */
  register(input: CeremonyInput) {
    const attestationObject = cbor({
      fmt: "none",
      attStmt: {},
      authData: this.authenticatorData(input.rpId, true),
    });
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", input)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** What `navigator.credentials.get()` gives, as WebAuthn JSON; the counter goes up first. */
  authenticate(input: CeremonyInput, { countUp = true } = {}) {
    if (countUp) this.counter += 1;
    const authenticatorData = this.authenticatorData(input.rpId, false);
    const clientDataJSON = this.clientData("webauthn.get", input);
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: b64url(this.userHandle),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
