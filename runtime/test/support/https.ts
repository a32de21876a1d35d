import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A certificate and key (PEM) for `hosts`, made for this test run only. */
export interface Certificate {
  cert: string;
  key: string;
}

/**
 * A throwaway self-signed certificate (P-256, valid two days) naming every host in `hosts`,
 * made with the machine's `openssl`: browsers here are started with certificate errors ignored,
 * but `Secure` cookies and the `__Host-`/`__Secure-` prefixes need a real `https:` origin.
 */
export function selfSignedCertificate(hosts: string[]): Certificate {
  const dir = mkdtempSync(join(tmpdir(), "auth-cert-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
        "-days",
        "2",
        "-subj",
        `/CN=${hosts[0]}`,
        "-addext",
        `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(",")}`,
      ],
      { stdio: "ignore" },
    );
    return {
      cert: readFileSync(join(dir, "cert.pem"), "utf8"),
      key: readFileSync(join(dir, "key.pem"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
