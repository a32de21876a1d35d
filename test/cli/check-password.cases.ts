/**
 * The password rules' fixtures: the sound Express set-up (test/fixtures/check-express) with a
 * `Password(…)` entry and a database adapter, then one mistake each, and the near misses that
 * must stay silent.
 */

export interface PasswordCase {
  rule: string;
  /** The shape of the mistake. */
  label: string;
  /** The `Password(…)` call written into the providers array. */
  provider?: string;
  /** Whether the configuration keeps its adapter (default true). */
  adapter?: boolean;
  /** Lines put before `session` in the configuration. */
  extra?: string;
  /** Code put after the imports of src/auth.ts. */
  before?: string;
  /** Other files written in the project. */
  files?: Record<string, string>;
  /** Where the finding must point: the file, and a text on its line. */
  at?: { file: string; text: string };
}

const password = (options: string) => `Password({\n      ${options},\n    })`;

export const passwordCases: PasswordCase[] = [
  {
    rule: "password-hash-weak",
    label: "hash: { N: 2 ** 14 } (p = 1)",
    provider: password("hash: { N: 2 ** 14 }"),
    at: { file: "src/auth.ts", text: "hash:" },
  },
  {
    rule: "password-hash-weak",
    label: "hash: { N: 16384, r: 8, p: 1 }",
    provider: password("hash: { N: 16384, r: 8, p: 1 }"),
    at: { file: "src/auth.ts", text: "hash:" },
  },
  {
    rule: "password-hash-weak",
    label: "hash: { r: 4 } (OWASP's N, a smaller block)",
    provider: password("hash: { r: 4 }"),
    at: { file: "src/auth.ts", text: "hash:" },
  },
  {
    rule: "password-hash-weak",
    label: "hash from same-file constants (1 << 14, Math.pow)",
    before: "const N = 1 << 14;\nconst hash = { N, p: Math.pow(2, 1) };\n",
    provider: password("hash"),
    at: { file: "src/auth.ts", text: "      hash," },
  },
  {
    rule: "password-min-length-low",
    label: "minLength: 6",
    provider: password("minLength: 6"),
    at: { file: "src/auth.ts", text: "minLength: 6" },
  },
  {
    rule: "password-verification-off",
    label: "requireVerification: false",
    provider: password("requireVerification: false"),
    at: { file: "src/auth.ts", text: "requireVerification" },
  },
  {
    rule: "password-without-adapter",
    label: "no adapter",
    adapter: false,
    at: { file: "src/auth.ts", text: "Password()" },
  },
  {
    rule: "password-without-adapter",
    label: "an Auth.js adapter (no password storage)",
    adapter: false,
    before:
      'import { MongoDBAdapter } from "@auth/mongodb-adapter";\nimport { client } from "./db.js";\n',
    extra: "  adapter: MongoDBAdapter(client),\n",
    at: { file: "src/auth.ts", text: "Password()" },
  },
  {
    rule: "password-unsafe-hash",
    label: "unsafeWeakHashForTesting: true in the configuration",
    provider: password("unsafeWeakHashForTesting: true"),
    at: { file: "src/auth.ts", text: "unsafeWeakHashForTesting" },
  },
  {
    rule: "password-unsafe-hash",
    label: "unsafeWeakHashForTesting from the environment in another source file",
    files: {
      "src/password-options.ts":
        '// Shared password options.\nexport const passwordOptions = {\n  unsafeWeakHashForTesting: process.env.FAST_HASH === "1",\n};\n',
    },
    at: { file: "src/password-options.ts", text: "unsafeWeakHashForTesting" },
  },
];

export const passwordNearMisses: PasswordCase[] = [
  { rule: "password-hash-weak", label: "no hash (OWASP's default)" },
  {
    rule: "password-hash-weak",
    label: "another row of OWASP's table: N = 2^14, p = 5",
    provider: password("hash: { N: 2 ** 14, r: 8, p: 5 }"),
  },
  {
    rule: "password-hash-weak",
    label: "more than OWASP's: N = 2^18",
    provider: password("hash: { N: 2 ** 18 }"),
  },
  {
    rule: "password-hash-weak",
    label: "parameters from the environment (not judged)",
    provider: password("hash: { N: Number(process.env.SCRYPT_N) }"),
  },
  {
    rule: "password-min-length-low",
    label: "minLength: 12",
    provider: password("minLength: 12"),
  },
  {
    rule: "password-verification-off",
    label: "requireVerification: true",
    provider: password("requireVerification: true"),
  },
  {
    rule: "password-unsafe-hash",
    label:
      "unsafeWeakHashForTesting in a test file and a test folder, false or in a comment elsewhere",
    provider: password("unsafeWeakHashForTesting: false"),
    files: {
      "src/auth.test.ts": "export const options = { unsafeWeakHashForTesting: true };\n",
      "test/setup.ts": "export const options = { unsafeWeakHashForTesting: true };\n",
      "src/notes.ts": "// unsafeWeakHashForTesting: true belongs in tests only\nexport {};\n",
    },
  },
];
