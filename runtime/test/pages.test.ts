import { type DefaultTreeAdapterMap, parse } from "parse5";
import { describe, expect, it } from "vitest";
import {
  errorPage,
  type PageProvider,
  signInPage,
  signOutPage,
  verifyRequestPage,
} from "../src/pages/index.js";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Parses a page, failing on any HTML parse error. */
function dom(html: string) {
  const errors: string[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(error.code) });
  expect(errors).toEqual([]);
  return document;
}

function all(
  node: Node,
  predicate: (element: Element) => boolean,
  found: Element[] = [],
): Element[] {
  if ("tagName" in node && predicate(node)) found.push(node);
  if ("childNodes" in node) for (const child of node.childNodes) all(child, predicate, found);
  if ("content" in node && node.content) all(node.content as Node, predicate, found);
  return found;
}
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const text = (node: Node): string =>
  "value" in node && node.nodeName === "#text"
    ? node.value
    : "childNodes" in node
      ? node.childNodes.map(text).join("")
      : "";
const byTag = (html: string, tag: string) => all(dom(html), (e) => e.tagName === tag);

const providers: PageProvider[] = [
  {
    id: "github",
    name: "GitHub",
    type: "oauth",
    signinUrl: "https://app.test/auth/signin/github",
    callbackUrl: "https://app.test/auth/callback/github",
    style: { brandColor: "#24292f", logo: "https://cdn.test/gh.svg" },
  },
  {
    id: "email",
    name: "Email",
    type: "email",
    signinUrl: "https://app.test/auth/signin/email",
    callbackUrl: "https://app.test/auth/callback/email",
  },
  {
    id: "credentials",
    name: "Password",
    type: "credentials",
    signinUrl: "https://app.test/auth/signin/credentials",
    callbackUrl: "https://app.test/auth/callback/credentials",
    credentials: {
      username: { label: "Username", autocomplete: "username", required: true },
      password: { type: "password" },
    },
  },
];
const base = { csrfToken: "tok", callbackUrl: "https://app.test/after", theme: {} };

describe("sign-in page", () => {
  it("is a valid document titled Sign In with one form per provider kind", () => {
    const { status, html } = signInPage({ ...base, providers });
    expect(status).toBe(200);
    expect(text(byTag(html, "title")[0]!)).toBe("Sign In");
    const forms = byTag(html, "form");
    expect(forms.map((f) => attr(f, "action"))).toEqual([
      "https://app.test/auth/signin/github",
      "https://app.test/auth/signin/email",
      "https://app.test/auth/callback/credentials",
    ]);
    for (const form of forms) {
      expect(attr(form, "method")).toBe("POST");
      const hiddenCsrf = all(form, (e) => e.tagName === "input" && attr(e, "name") === "csrfToken");
      expect(hiddenCsrf.map((e) => attr(e, "value"))).toEqual(["tok"]);
      const hiddenCallback = all(form, (e) => attr(e, "name") === "callbackUrl");
      expect(hiddenCallback.map((e) => attr(e, "value"))).toEqual(["https://app.test/after"]);
    }
    expect(html).toContain("Sign in with GitHub");
    expect(byTag(html, "hr")).toHaveLength(2);
  });

  it("renders email and credentials inputs with their ids, names, types and attributes", () => {
    const { html } = signInPage({ ...base, providers, email: "ada@example.com" });
    const inputs = byTag(html, "input").filter((e) => attr(e, "type") !== "hidden");
    const email = inputs.find((e) => attr(e, "name") === "email")!;
    expect(attr(email, "id")).toBe("input-email-for-email-provider");
    expect(attr(email, "type")).toBe("email");
    expect(attr(email, "value")).toBe("ada@example.com");
    const username = inputs.find((e) => attr(e, "name") === "username")!;
    expect(attr(username, "id")).toBe("input-username-for-credentials-provider");
    expect(attr(username, "type")).toBe("text");
    expect(attr(username, "autocomplete")).toBe("username");
    expect(attr(username, "required")).toBe("");
    expect(attr(inputs.find((e) => attr(e, "name") === "password")!, "type")).toBe("password");
    const labels = byTag(html, "label");
    expect(labels.map((l) => attr(l, "for"))).toContain("input-username-for-credentials-provider");
  });

  it.each([
    ["CredentialsSignin", "Sign in failed. Check the details you provided are correct."],
    [
      "OAuthAccountNotLinked",
      "To confirm your identity, sign in with the same account you used originally.",
    ],
    ["OAuthCallbackError", "Try signing in with a different account."],
    ["SessionRequired", "Please sign in to access this page."],
    ["RateLimited", "Too many attempts. Wait a moment and try again."],
    ["EmailSignInError", "The e-mail could not be sent. Check the address and try again."],
    ["<script>alert(1)</script>", "Unable to sign in."],
    ["toString", "Unable to sign in."],
  ])("shows the banner for %s without echoing the code", (error, message) => {
    const { html } = signInPage({ ...base, providers, error });
    const alert = all(dom(html), (e) => attr(e, "role") === "alert")[0]!;
    expect(text(alert)).toBe(message);
    expect(html).not.toContain("<script>alert");
  });

  it("renders WebAuthn forms with data-form-field inputs and hidden action/data", () => {
    const { html } = signInPage({
      ...base,
      providers: [
        {
          id: "passkey",
          name: "Passkey",
          type: "webauthn",
          signinUrl: "https://app.test/auth/signin/passkey",
          callbackUrl: "https://app.test/auth/callback/passkey",
          formFields: { email: { label: "Email", autocomplete: "username webauthn" } },
        },
      ],
      webAuthnScriptUrl: "https://app.test/auth/webauthn.js",
    });
    const form = byTag(html, "form")[0]!;
    expect(attr(form, "id")).toBe("passkey-form");
    expect(all(form, (e) => e.attrs.some((a) => a.name === "data-form-field"))).toHaveLength(1);
    expect(
      all(form, (e) => ["action", "data"].includes(attr(e, "name") ?? "")).map((e) =>
        attr(e, "type"),
      ),
    ).toEqual(["hidden", "hidden"]);
    expect(attr(byTag(html, "script")[0]!, "src")).toBe("https://app.test/auth/webauthn.js");
    expect(all(form, (e) => attr(e, "id") === "submitButton-passkey")).toHaveLength(1);
  });

  it("has no script at all without WebAuthn", () => {
    expect(byTag(signInPage({ ...base, providers }).html, "script")).toEqual([]);
  });
});

describe("hostile values never escape their context", () => {
  const hostile: PageProvider = {
    id: 'x"><script>alert(1)</script>',
    name: "<img src=x onerror=alert(1)>",
    type: "credentials",
    signinUrl: "javascript:alert(1)",
    callbackUrl: "javascript:alert(1)",
    style: { logo: "javascript:alert(1)", brandColor: "red;}</style><script>x</script>" },
    credentials: {
      '"><b>': {
        label: "<i>label</i>",
        onfocus: "alert(1)",
        "x onmouseover": "y",
        placeholder: '"><script>',
      },
    },
  };

  it("escapes names, labels, tokens and callback URLs, and drops unsafe URLs, colours and attributes", () => {
    const { html } = signInPage({
      providers: [hostile, { ...hostile, type: "oauth" }],
      csrfToken: '"><script>alert(1)</script>',
      callbackUrl: '"><script>alert(1)</script>',
      error: "<script>",
      theme: {
        brandColor: "red;}</style><script>alert(1)</script>",
        logo: "javascript:alert(1)",
        colorScheme: "dark",
      },
    });
    const document = dom(html);
    expect(all(document, (e) => e.tagName === "script")).toEqual([]);
    expect(all(document, (e) => e.tagName === "img")).toEqual([]);
    expect(all(document, (e) => e.tagName === "b" || e.tagName === "i")).toEqual([]);
    for (const element of all(document, () => true)) {
      for (const a of element.attrs) {
        expect(a.name.startsWith("on")).toBe(false);
        if (["action", "href", "src"].includes(a.name))
          expect(a.value).not.toMatch(/^javascript:/i);
      }
    }
    expect(html).not.toContain("red;}");
    expect(html).toContain('class="theme-dark"');
  });

  it("applies safe theme colours and logos", () => {
    const { html } = signInPage({
      ...base,
      providers,
      theme: {
        brandColor: "rgb(10 20 30 / 50%)",
        buttonText: "#fff",
        logo: "https://cdn.test/logo.png",
      },
    });
    expect(html).toContain("--brand-color:rgb(10 20 30 / 50%)");
    expect(html).toContain("--button-text-color:#fff");
    expect(byTag(html, "img").map((e) => attr(e, "src"))).toEqual([
      "https://cdn.test/logo.png",
      "https://cdn.test/gh.svg",
    ]);
  });
});

describe("sign-out, error and verify-request pages", () => {
  it("sign-out posts back with the CSRF token", () => {
    const { status, html } = signOutPage({
      action: "https://app.test/auth/signout?callbackUrl=%2F",
      csrfToken: "tok",
      theme: {},
    });
    expect(status).toBe(200);
    expect(text(byTag(html, "h1")[0]!)).toBe("Signout");
    const form = byTag(html, "form")[0]!;
    expect(attr(form, "action")).toBe("https://app.test/auth/signout?callbackUrl=%2F");
    expect(attr(all(form, (e) => attr(e, "name") === "csrfToken")[0]!, "value")).toBe("tok");
    expect(attr(all(form, (e) => e.tagName === "button")[0]!, "id")).toBe("submitButton");
  });

  it.each([
    ["Configuration", 500, "Server error", false],
    ["AccessDenied", 403, "Access Denied", true],
    ["Verification", 403, "Unable to sign in", true],
    ["Nope<script>", 200, "Error", false],
    [undefined, 200, "Error", false],
  ] as const)("error=%s → %i %s", (error, status, heading, signInLink) => {
    const page = errorPage({
      error,
      signInUrl: "https://app.test/auth/signin",
      homeUrl: "https://app.test",
      theme: {},
    });
    expect(page.status).toBe(status);
    expect(text(byTag(page.html, "h1")[0]!)).toBe(heading);
    const hrefs = byTag(page.html, "a").map((a) => attr(a, "href"));
    expect(hrefs.includes("https://app.test/auth/signin")).toBe(signInLink);
    expect(page.html).not.toContain("<script>");
  });

  it("verify-request says check your email and links home", () => {
    const { html } = verifyRequestPage({ homeUrl: "https://app.test", theme: {} });
    expect(text(byTag(html, "h1")[0]!)).toBe("Check your email");
    expect(byTag(html, "a").map((a) => [attr(a, "href"), text(a)])).toEqual([
      ["https://app.test/", "app.test"],
    ]);
  });
});
