/**
 * The dangerous-option rules' fixtures: each mistake as an edit of the sound Express set-up
 * (test/fixtures/check-express/src/auth.ts), and the near misses that must stay silent.
 */

/** An edit of src/auth.ts: the text to find, and what to put instead. */
export type Edit = [from: string, to: string];

export interface OptionCase {
  rule: string;
  /** The shape of the mistake. */
  label: string;
  edits: Edit[];
  /** Lines appended to .env. */
  env?: string;
  /** The line of src/auth.ts the finding must point at. */
  line: number;
}

export interface NearMiss {
  rule: string;
  label: string;
  edits: Edit[];
  env?: string;
}

const GITHUB = "    GitHub,\n";
const SESSION = '  session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },\n';
const AUTHORIZE = "      async authorize(credentials) {\n";
const RETURN_USER =
  "        return findUser(String(credentials.email), String(credentials.password));\n";

/** Options before `session` (so the first one is on line 16). */
const before = (lines: string): Edit => [SESSION, `${lines}${SESSION}`];
/** A `callbacks` object before `session`: its first line is 17. */
const callbacks = (body: string): Edit => before(`  callbacks: {\n${body}  },\n`);
const github = (options: string): Edit => [GITHUB, `    GitHub({ ${options} }),\n`];
const authorize = (body: string): Edit => [`${AUTHORIZE}${RETURN_USER}`, body];

export const dangerousOptionCases: OptionCase[] = [
  {
    rule: "email-account-linking",
    label: "allowDangerousEmailAccountLinking: true",
    edits: [[GITHUB, "    GitHub({\n      allowDangerousEmailAccountLinking: true,\n    }),\n"]],
    line: 9,
  },
  {
    rule: "oauth-checks-lowered",
    label: 'checks: ["none"]',
    edits: [github('checks: ["none"]')],
    line: 8,
  },
  { rule: "oauth-checks-lowered", label: "checks: []", edits: [github("checks: []")], line: 8 },
  {
    rule: "oauth-checks-lowered",
    label: 'checks: ["none"] on a provider written by hand',
    edits: [
      [
        GITHUB,
        '    {\n      id: "corp",\n      name: "Corp",\n      type: "oauth",\n      issuer: "https://sso.example.com",\n      checks: ["none"],\n    },\n',
      ],
    ],
    line: 13,
  },
  {
    rule: "oauth-checks-lowered",
    label: "pkce dropped from GitHub's checks",
    edits: [github('checks: ["state"]')],
    line: 8,
  },
  {
    rule: "redirect-callback-open",
    label: "returns url",
    edits: [callbacks("    redirect({ url }) {\n      return url;\n    },\n")],
    line: 18,
  },
  {
    rule: "redirect-callback-open",
    label: "returns new URL(url) through a variable",
    edits: [
      callbacks(
        "    async redirect({ url, baseUrl }) {\n      const target = new URL(url);\n      console.log(baseUrl);\n      return target.toString();\n    },\n",
      ),
    ],
    line: 20,
  },
  {
    rule: "redirect-callback-open",
    label: "a template of a renamed url, in an arrow",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the user's code, written into the fixture.
    edits: [callbacks("    redirect: ({ url: to }) => `${to}`,\n")],
    line: 17,
  },
  {
    rule: "redirect-callback-open",
    label: "params.url concatenated",
    edits: [callbacks('    redirect(params) {\n      return params.url + "?from=auth";\n    },\n')],
    line: 18,
  },
  {
    rule: "redirect-callback-open",
    label: 'only url.startsWith("/"): lets //evil.example through',
    edits: [
      callbacks(
        '    redirect({ url, baseUrl }) {\n      return url.startsWith("/") ? url : baseUrl;\n    },\n',
      ),
    ],
    line: 18,
  },
  {
    rule: "redirect-callback-open",
    label: "baseUrl glued in front without a check (https://app@evil.example)",
    edits: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the user's code, written into the fixture.
      callbacks("    redirect({ url, baseUrl }) {\n      return `${baseUrl}${url}`;\n    },\n"),
    ],
    line: 18,
  },
  {
    rule: "provider-tokens-in-session",
    label: "access token stored by jwt, copied by session",
    edits: [
      callbacks(
        "    jwt({ token, account }) {\n      if (account) token.accessToken = account.access_token;\n      return token;\n    },\n    session({ session, token }) {\n      return { ...session, accessToken: token.accessToken };\n    },\n",
      ),
    ],
    line: 22,
  },
  {
    rule: "provider-tokens-in-session",
    label: "the whole token spread into the session once it holds a refresh token",
    edits: [
      callbacks(
        "    jwt({ token, account }) {\n      return account ? { ...token, refresh: account.refresh_token } : token;\n    },\n    session: ({ session, token }) => ({ ...session, ...token }),\n",
      ),
    ],
    line: 20,
  },
  {
    rule: "cookie-options-weakened",
    label: "httpOnly: false",
    edits: [before("  cookies: {\n    sessionToken: { options: { httpOnly: false } },\n  },\n")],
    line: 17,
  },
  {
    rule: "cookie-options-weakened",
    label: "secure: false",
    edits: [
      before("  cookies: {\n    csrfToken: {\n      options: { secure: false },\n    },\n  },\n"),
    ],
    line: 18,
  },
  {
    rule: "cookie-options-weakened",
    label: 'sameSite: "none" without secure',
    edits: [before('  cookies: {\n    sessionToken: { options: { sameSite: "none" } },\n  },\n')],
    line: 17,
  },
  {
    rule: "secure-cookies-off",
    label: "useSecureCookies: false with an https AUTH_URL",
    edits: [before("  useSecureCookies: false,\n")],
    env: "AUTH_URL=https://app.example.com/auth\n",
    line: 16,
  },
  {
    rule: "trust-host-hard-coded",
    label: "trustHost: true",
    edits: [before("  trustHost: true,\n")],
    line: 16,
  },
  {
    rule: "max-age-too-long",
    label: "session.maxAge of 400 days",
    edits: [["maxAge: 7 * 24 * 60 * 60", "maxAge: 60 * 60 * 24 * 400"]],
    line: 16,
  },
  {
    rule: "max-age-too-long",
    label: "jwt.maxAge of two years from a constant",
    edits: [
      ["export const authConfig", "const DAY = 24 * 60 * 60;\n\nexport const authConfig"],
      before("  jwt: { maxAge: 2 * (365 * DAY) },\n"),
    ],
    line: 18,
  },
  {
    rule: "debug-in-production",
    label: "debug: true committed, NODE_ENV unset",
    edits: [before("  debug: true,\n")],
    line: 16,
  },
  {
    rule: "playground-in-production",
    label: "playground: true committed",
    edits: [before("  playground: true,\n")],
    line: 16,
  },
  {
    rule: "credentials-always-null",
    label: "a stub that returns null",
    edits: [authorize(`${AUTHORIZE}        return null;\n`)],
    line: 11,
  },
  {
    rule: "credentials-always-null",
    label: "returns nothing on the success path",
    edits: [
      authorize(
        `${AUTHORIZE}        if (!credentials.password) return null;\n        await findUser(String(credentials.email), String(credentials.password));\n`,
      ),
    ],
    line: 11,
  },
  {
    rule: "credentials-always-null",
    label: "an arrow that resolves to undefined",
    edits: [authorize("      authorize: async () => undefined,\n")],
    line: 11,
  },
  {
    rule: "credentials-no-password-check",
    label: "looks the user up by email only",
    edits: [authorize(`${AUTHORIZE}        return findUser(String(credentials.email), "");\n`)],
    line: 11,
  },
  {
    rule: "credentials-no-password-check",
    label: "signs in whoever asks",
    edits: [authorize('      authorize: async () => ({ id: "1", name: "Admin" }),\n')],
    line: 11,
  },
];

export const nearMisses: NearMiss[] = [
  {
    rule: "email-account-linking",
    label: "allowDangerousEmailAccountLinking: false",
    edits: [github("allowDangerousEmailAccountLinking: false")],
  },
  {
    rule: "oauth-checks-lowered",
    label: "checks that keep pkce and add state",
    edits: [github('checks: ["pkce", "state"]')],
  },
  {
    rule: "oauth-checks-lowered",
    label: 'a provider written by hand with checks: ["state"] (it may not support PKCE)',
    edits: [
      [
        GITHUB,
        '    {\n      id: "corp",\n      name: "Corp",\n      type: "oauth",\n      authorization: "https://sso.example.com/authorize",\n      token: "https://sso.example.com/token",\n      userinfo: "https://sso.example.com/me",\n      checks: ["state"],\n    },\n',
      ],
    ],
  },
  {
    rule: "redirect-callback-open",
    label: "the origin check Auth.js documents",
    edits: [
      callbacks(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the user's code, written into the fixture.
        '    redirect({ url, baseUrl }) {\n      if (url.startsWith("/")) return `${baseUrl}${url}`;\n      if (new URL(url).origin === baseUrl) return url;\n      return baseUrl;\n    },\n',
      ),
    ],
  },
  {
    rule: "redirect-callback-open",
    label: "an early return when the origin differs",
    edits: [
      callbacks(
        "    redirect({ url, baseUrl }) {\n      if (new URL(url, baseUrl).origin !== baseUrl) return baseUrl;\n      return url;\n    },\n",
      ),
    ],
  },
  {
    rule: "redirect-callback-open",
    label: "an allow-list helper",
    edits: [
      [
        "export const authConfig",
        'const allowed = (to: string) => to.startsWith("https://docs.example.com/");\n\nexport const authConfig',
      ],
      callbacks("    redirect: ({ url, baseUrl }) => (allowed(url) ? url : baseUrl),\n"),
    ],
  },
  {
    rule: "provider-tokens-in-session",
    label: "tokens kept in the JWT, only the user id sent",
    edits: [
      callbacks(
        "    jwt({ token, account }) {\n      if (account) token.accessToken = account.access_token;\n      return token;\n    },\n    session({ session, token }) {\n      if (token.accessToken && token.sub) session.user.id = token.sub;\n      return session;\n    },\n",
      ),
    ],
  },
  {
    rule: "cookie-options-weakened",
    label: 'sameSite: "none" with secure: true, secure from the environment',
    edits: [
      before(
        '  cookies: {\n    sessionToken: { options: { sameSite: "none", secure: true } },\n    csrfToken: { options: { secure: process.env.NODE_ENV === "production" } },\n  },\n',
      ),
    ],
  },
  {
    rule: "secure-cookies-off",
    label: "useSecureCookies: false on http://localhost",
    edits: [before("  useSecureCookies: false,\n")],
    env: "AUTH_URL=http://localhost:3000/auth\n",
  },
  {
    rule: "trust-host-hard-coded",
    label: "trustHost from the environment",
    edits: [before('  trustHost: process.env.BEHIND_PROXY === "1",\n')],
  },
  {
    rule: "trust-host-hard-coded",
    label: "trustHost: true with AUTH_URL set (links use AUTH_URL)",
    edits: [before("  trustHost: true,\n")],
    env: "AUTH_URL=https://app.example.com/auth\n",
  },
  {
    rule: "max-age-too-long",
    label: "exactly a year, and a computed jwt.maxAge",
    edits: [
      before("  jwt: { maxAge: Number(process.env.JWT_MAX_AGE) },\n"),
      ["maxAge: 7 * 24 * 60 * 60", "maxAge: 365 * 24 * 60 * 60"],
    ],
  },
  {
    rule: "debug-in-production",
    label: "debug driven by NODE_ENV",
    edits: [before('  debug: process.env.NODE_ENV !== "production",\n')],
  },
  {
    rule: "playground-in-production",
    label: "playground driven by NODE_ENV, and AUTH_PLAYGROUND in the development env file",
    edits: [before('  playground: process.env.NODE_ENV !== "production",\n')],
    env: "AUTH_PLAYGROUND=true\n",
  },
  {
    rule: "credentials-no-password-check",
    label: "destructured password passed on",
    edits: [
      authorize(
        `${AUTHORIZE}        const { email, password } = credentials;\n        return findUser(String(email), String(password));\n`,
      ),
    ],
  },
  {
    rule: "credentials-no-password-check",
    label: "the credentials handed to a verifier",
    edits: [
      [
        'import { findUser } from "./users.js";',
        'import { findUser } from "./users.js";\n\ndeclare function verifyLogin(input: unknown): Promise<{ id: string } | null>;',
      ],
      authorize(`${AUTHORIZE}        return verifyLogin(credentials);\n`),
    ],
  },
];
