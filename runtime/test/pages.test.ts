import { describe, expect, it } from "vitest";
import {
  errorPage,
  type PageProvider,
  type RenderedPage,
  signInPage,
  signOutPage,
  verifyRequestPage,
} from "../src/pages/index.js";
import type { Theme } from "../src/types.js";
import { all, attrs, hidden, one, parsePage, text } from "./support/html.js";

const base = "https://app.test/auth";

function provider(id: string, type: PageProvider["type"], extra: Partial<PageProvider> = {}) {
  return {
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
    type,
    signinUrl: `${base}/signin/${id}`,
    callbackUrl: `${base}/callback/${id}`,
    ...extra,
  } satisfies PageProvider;
}

const github = provider("github", "oauth", {
  name: "GitHub",
  style: { brandColor: "#24292f", logo: "https://cdn.test/github.svg" },
});
const google = provider("google", "oidc", { name: "Google" });
const email = provider("email", "email");
const credentials = provider("credentials", "credentials", {
  credentials: {
    username: { label: "Username", placeholder: "ada", required: true, autoComplete: "username" },
    password: { type: "password" },
  },
});
const passkey = provider("passkey", "webauthn", {
  formFields: { email: { label: "Email", required: true, autocomplete: "username webauthn" } },
});

const signIn = (over: Partial<Parameters<typeof signInPage>[0]> = {}) =>
  signInPage({
    providers: [github],
    csrfToken: "csrf-123",
    callbackUrl: "https://app.test/dashboard",
    theme: {},
    ...over,
  });

/** Parses a page, failing the test on any HTML parse error. */
function load(page: RenderedPage) {
  const { document, errors } = parsePage(page.html);
  expect(errors).toEqual([]);
  return document;
}

/** The form posting to `action` (there must be exactly one). */
const formTo = (page: RenderedPage, action: string) =>
  one(load(page), "form", (f) => attrs(f).action === action);

/** The POST form to `action`, checked to carry the CSRF token and (unless told not to) the callback URL. */
function postForm(page: RenderedPage, action: string, callbackUrl = "https://app.test/dashboard") {
  const form = formTo(page, action);
  expect(attrs(form).method).toBe("POST");
  expect(hidden(form, "csrfToken")).toBe("csrf-123");
  expect(hidden(form, "callbackUrl")).toBe(callbackUrl || undefined);
  return form;
}

const byId = (page: RenderedPage, id: string) => one(load(page), "*", (el) => attrs(el).id === id);

const everyPage = (theme: Theme): [string, RenderedPage][] => [
  ["Sign In", signIn({ providers: [google, email, credentials], theme })],
  ["Sign Out", signOutPage({ action: `${base}/signout`, csrfToken: "t", theme })],
  ["Error", errorPage({ signInUrl: `${base}/signin`, homeUrl: "https://app.test", theme })],
  ["Verify Request", verifyRequestPage({ homeUrl: "https://app.test", theme })],
];

describe("the document every page shares", () => {
  it.each(
    everyPage({}),
  )("%s: doctype, lang, charset, viewport, title, one style, no script", (title, page) => {
    expect(page.html.startsWith("<!DOCTYPE html>")).toBe(true);
    const doc = load(page);
    expect(attrs(one(doc, "html")).lang).toBe("en");
    expect(all(doc, "meta").map(attrs)).toEqual(
      expect.arrayContaining([
        { charset: "utf-8" },
        { name: "viewport", content: "width=device-width, initial-scale=1" },
      ]),
    );
    expect(text(one(doc, "title"))).toBe(title);
    expect(all(doc, "style")).toHaveLength(1);
    expect(all(doc, "script")).toHaveLength(0);
    expect(attrs(one(doc, "body")).class).toBe("theme-auto");
  });

  it.each(
    everyPage({}),
  )("%s: loads nothing from elsewhere and has no inline handlers", (_, page) => {
    const doc = load(page);
    for (const el of all(doc, "*")) {
      expect(el.attrs.filter((a) => a.name === "src" || a.name.startsWith("on"))).toEqual([]);
    }
    expect(all(doc, "link")).toHaveLength(0);
    expect(text(one(doc, "style"))).not.toMatch(/url\(|@import/);
  });

  it.each([
    "dark",
    "light",
    "auto",
  ] as const)("applies colorScheme %s as the body class", (scheme) => {
    for (const [, page] of everyPage({ colorScheme: scheme })) {
      const doc = load(page);
      expect(attrs(one(doc, "body")).class).toBe(`theme-${scheme}`);
      const meta = one(doc, "meta", (m) => attrs(m).name === "color-scheme");
      expect(attrs(meta).content).toBe(scheme === "auto" ? "light dark" : scheme);
    }
  });

  it("falls back to the auto scheme for an unknown colorScheme", () => {
    const theme = { colorScheme: 'dark" onload="alert(1)' } as unknown as Theme;
    for (const [, page] of everyPage(theme)) {
      expect(attrs(one(load(page), "body"))).toEqual({ class: "theme-auto" });
    }
  });

  it("shows the theme logo above the card only when it is an http(s) or data:image URL", () => {
    for (const logo of ["https://app.test/logo.png", "data:image/png;base64,iVBORw0KGgo="]) {
      for (const [, page] of everyPage({ logo })) {
        const img = one(load(page), "img");
        expect(attrs(img).src).toBe(logo);
        expect(attrs(img).class).toBe("logo");
      }
    }
    for (const logo of ["javascript:alert(1)", "data:text/html,<script>x</script>", "/logo.png"]) {
      for (const [, page] of everyPage({ logo })) {
        expect(all(load(page), "img")).toHaveLength(0);
        expect(page.html).not.toContain(logo);
      }
    }
  });

  it.each([
    "#abc",
    "#a1b2c3d4",
    "rebeccapurple",
    "rgb(10 20 30 / 50%)",
    "hsla(210, 50%, 40%, 0.9)",
    "oklch(70% 0.1 200deg)",
    "color(display-p3 1 0 0)",
  ])("writes the safe theme colour %s as CSS custom properties", (color) => {
    for (const [, page] of everyPage({ brandColor: color, buttonText: color })) {
      const css = text(one(load(page), "style"));
      expect(css).toContain(`--brand-color:${color}`);
      expect(css).toContain(`--button-text-color:${color}`);
    }
  });

  it.each([
    "red;}</style><script>x</script>",
    "red;}body{background:url(https://evil.test/)",
    "rgb(1,2,3);background:url(x)",
    "var(--x)",
    "expression(alert(1))",
    "#12345",
    "notacolour",
    'red" onload="x',
  ])("ignores the unsafe theme colour %s", (color) => {
    for (const [, page] of everyPage({ brandColor: color, buttonText: color })) {
      const doc = load(page);
      expect(all(doc, "script")).toHaveLength(0);
      const css = text(one(doc, "style"));
      expect(css).toContain("--brand-color:#346df1");
      expect(css).not.toContain(color);
      expect(page.html).not.toContain(color);
    }
  });

  it("picks a readable button text colour for a light brand colour without buttonText", () => {
    const css = (brandColor: string) => text(one(load(signIn({ theme: { brandColor } })), "style"));
    expect(css("#ffe066")).toContain(":root{--brand-color:#ffe066;--button-text-color:#000}");
    expect(css("#1a237e")).toContain(":root{--brand-color:#1a237e;--button-text-color:#fff}");
  });
});

describe("sign-in page", () => {
  it("focuses only the page's first field, whichever form holds it", () => {
    const focused = (providers: PageProvider[]) =>
      all(load(signIn({ providers })), "input")
        .filter((i) => "autofocus" in attrs(i))
        .map((i) => attrs(i).id);
    expect(focused([github, email, credentials])).toEqual(["input-email-for-email-provider"]);
    expect(focused([credentials, email])).toEqual(["input-username-for-credentials-provider"]);
  });

  it("keeps labels distinct: a repeated one gets the provider's name", () => {
    const login = provider("login", "credentials", {
      name: "Password",
      credentials: { email: { label: "Email", type: "email" }, password: { type: "password" } },
    });
    const other = provider("magic", "email", { name: "Magic link" });
    const labels = all(load(signIn({ providers: [email, login, other] })), "label").map(text);
    expect(labels).toEqual([
      "Email for a sign-in link",
      "Email",
      "password",
      "Email for a sign-in link (Magic link)",
    ]);
  });

  it("puts back a refused username (escaped), never into a password field", () => {
    const page = signIn({ providers: [credentials], username: '"><b>ada' });
    const values = all(load(page), "input")
      .filter((i) => attrs(i).type !== "hidden")
      .map((i) => attrs(i).value);
    expect(values).toEqual(['"><b>ada', undefined]);
    expect(page.html).not.toContain("<b>ada");
  });

  it("does not require a field configured with required: false", () => {
    const optional = provider("otp", "credentials", {
      credentials: { code: { label: "Code", required: false } },
    });
    const input = one(
      load(signIn({ providers: [optional] })),
      "input",
      (i) => attrs(i).name === "code",
    );
    expect("required" in attrs(input)).toBe(false);
  });

  it("gives brand buttons white text whenever it meets WCAG AA, else black", () => {
    const button = (brandColor: string) =>
      attrs(
        one(
          load(signIn({ providers: [provider("x", "oauth", { style: { brandColor } })] })),
          "button",
        ),
      ).style;
    expect(button("#1a73e8")).toContain("--provider-text-color:#fff"); // Google
    expect(button("#1db954")).toContain("--provider-text-color:#000"); // Spotify
  });

  it("responds 200 with a POST form per OAuth/OIDC provider carrying the CSRF token and callback URL", () => {
    const page = signIn({ providers: [github, google] });
    expect(page.status).toBe(200);
    for (const p of [github, google]) {
      const form = postForm(page, p.signinUrl);
      expect(text(one(form, "button"))).toBe(`Sign in with ${p.name}`);
    }
  });

  it("omits the callbackUrl field when there is no callback URL", () => {
    const page = signIn({ providers: [github, email, credentials], callbackUrl: "" });
    for (const form of all(load(page), "form")) {
      expect(hidden(form, "csrfToken")).toBe("csrf-123");
      expect(hidden(form, "callbackUrl")).toBeUndefined();
    }
  });

  it("colours an OAuth button with the provider's brandColor, or its bg, never an unsafe value", () => {
    const style = (s: PageProvider["style"]) =>
      attrs(one(load(signIn({ providers: [{ ...github, style: s }] })), "button")).style;
    expect(style({ brandColor: "#24292f" })).toBe(
      "--provider-brand-color:#24292f;--provider-text-color:#fff",
    );
    expect(style({ bg: "#ffffff" })).toBe(
      "--provider-brand-color:#ffffff;--provider-text-color:#000",
    );
    expect(style({ brandColor: "gold" })).toBe("--provider-brand-color:gold");
    expect(style({ brandColor: "red;}</style><script>x</script>" })).toBeUndefined();
    expect(style({})).toBeUndefined();
  });

  it("shows a provider logo only when it is an http(s) or data:image URL, with no default CDN logo", () => {
    const logo = (value: string | undefined) =>
      all(load(signIn({ providers: [{ ...github, style: { logo: value } }] })), "img").map(
        (img) => attrs(img).src,
      );
    expect(logo("https://cdn.test/github.svg")).toEqual(["https://cdn.test/github.svg"]);
    expect(logo("data:image/svg+xml;base64,PHN2Zz4=")).toEqual([
      "data:image/svg+xml;base64,PHN2Zz4=",
    ]);
    expect(logo("javascript:alert(1)")).toEqual([]);
    expect(logo("data:text/html;base64,PHNjcmlwdD4=")).toEqual([]);
    expect(logo(undefined)).toEqual([]);
  });

  it("renders the email form: labelled email input, prefilled address, submitButton", () => {
    const page = signIn({ providers: [email], email: "ada@example.com" });
    const form = postForm(page, email.signinUrl);
    const input = one(form, "input", (i) => attrs(i).type === "email");
    expect(attrs(input)).toEqual({
      id: "input-email-for-email-provider",
      type: "email",
      name: "email",
      value: "ada@example.com",
      placeholder: "email@example.com",
      autocomplete: "email",
      required: "",
      autofocus: "",
    });
    expect(text(one(form, "label", (l) => attrs(l).for === attrs(input).id))).toBe(
      "Email for a sign-in link",
    );
    const button = one(form, "button");
    expect(attrs(button).id).toBe("submitButton");
    expect(text(button)).toBe("Sign in with Email");
  });

  it("renders the credentials form posting to the callback URL, one labelled input per credential", () => {
    const page = signIn({ providers: [credentials] });
    const form = postForm(page, credentials.callbackUrl);
    const visible = all(form, "input").filter((i) => attrs(i).type !== "hidden");
    expect(visible.map(attrs)).toEqual([
      {
        name: "username",
        id: "input-username-for-credentials-provider",
        type: "text",
        placeholder: "ada",
        required: "",
        autocomplete: "username",
        autofocus: "",
      },
      {
        name: "password",
        id: "input-password-for-credentials-provider",
        type: "password",
        autocomplete: "current-password",
        required: "",
      },
    ]);
    const labelFor = (id: string) => text(one(form, "label", (l) => attrs(l).for === id));
    expect(labelFor("input-username-for-credentials-provider")).toBe("Username");
    expect(labelFor("input-password-for-credentials-provider")).toBe("password");
    expect(attrs(one(form, "button")).id).toBe("submitButton");
    expect(text(one(form, "button"))).toBe("Sign in with Credentials");
  });

  it("renders only plain credential attributes: no handlers, odd names, overrides or form redirects", () => {
    const page = signIn({
      providers: [
        provider("credentials", "credentials", {
          credentials: {
            code: {
              onfocus: "alert(1)",
              OnClick: "alert(2)",
              'x" onmouseover="alert(3)': "1",
              "data-x=1": "y",
              name: "other",
              id: "other",
              formaction: "https://evil.test/",
              src: "javascript:alert(5)",
              maxLength: 6,
              spellcheck: false,
              title: '"><script>alert(4)</script>',
              inputmode: "numeric",
              hook: () => "x",
              required: true,
              Required: true,
              disabled: false,
            },
          },
        }),
      ],
    });
    const input = one(load(page), "input", (i) => attrs(i).type === "text");
    expect(attrs(input)).toEqual({
      name: "code",
      id: "input-code-for-credentials-provider",
      type: "text",
      maxlength: "6",
      title: '"><script>alert(4)</script>',
      inputmode: "numeric",
      required: "",
      autofocus: "",
    });
    expect(all(load(page), "script")).toHaveLength(0);
    expect(page.html).not.toMatch(/onfocus|onclick|onmouseover|evil\.test/i);
  });

  it("shows WebAuthn forms only with the WebAuthn script, which it loads by URL", () => {
    expect(all(load(signIn({ providers: [passkey] })), "form")).toHaveLength(0);
    const page = signIn({ providers: [passkey], webAuthnScriptUrl: `${base}/webauthn.js` });
    const doc = load(page);
    expect(all(doc, "script").map(attrs)).toEqual([{ src: `${base}/webauthn.js`, defer: "" }]);
    expect(text(one(doc, "script"))).toBe("");
    const form = postForm(page, passkey.callbackUrl, "");
    expect(attrs(form).id).toBe("passkey-form");
    expect(hidden(form, "action")).toBe("");
    expect(hidden(form, "data")).toBe("");
    const field = one(form, "input", (i) => attrs(i).type === "text");
    expect(attrs(field)).toEqual({
      name: "email",
      id: "input-email-for-passkey-provider",
      type: "text",
      "data-form-field": "",
      required: "",
      autocomplete: "username webauthn",
      autofocus: "",
    });
    // Sign in (the server decides register vs authenticate) and "Create a passkey".
    expect(all(form, "button").map((button) => attrs(button).id)).toEqual([
      "submitButton-passkey",
      "registerButton-passkey",
    ]);
  });

  it("drops a WebAuthn script URL that is not http(s), and the forms that need it", () => {
    const page = signIn({ providers: [passkey], webAuthnScriptUrl: "javascript:alert(1)" });
    expect(all(load(page), "script")).toHaveLength(0);
    expect(all(load(page), "form")).toHaveLength(0);
  });

  it("separates OAuth buttons from each form-based provider with <hr>", () => {
    const page = signIn({
      providers: [github, google, email, credentials, passkey],
      webAuthnScriptUrl: `${base}/webauthn.js`,
    });
    const html = page.html.slice(page.html.indexOf("<body"));
    const order = [
      ...html.matchAll(/<hr>|<form action="([^"]+)"|<form id="[^"]+" action="([^"]+)"/g),
    ].map((m) => (m[0] === "<hr>" ? "hr" : (m[1] ?? m[2])!.split("/").pop()));
    expect(order).toEqual([
      "github",
      "google",
      "hr",
      "email",
      "hr",
      "credentials",
      "hr",
      "passkey",
    ]);
    expect(all(load(page), "hr")).toHaveLength(3);
    expect(all(load(signIn({ providers: [github, google] })), "hr")).toHaveLength(0);
  });

  it("keeps element ids unique: submitButton goes to the email form, others get their own", () => {
    const page = signIn({ providers: [credentials, email] });
    const ids = all(load(page), "*").flatMap((el) => attrs(el).id ?? []);
    expect(new Set(ids).size).toBe(ids.length);
    expect(text(byId(page, "submitButton"))).toBe("Sign in with Email");
    expect(text(byId(page, "submitButton-credentials"))).toBe("Sign in with Credentials");
  });

  it("skips providers it cannot render: credentials without fields, unknown types", () => {
    const bare = provider("bare", "credentials");
    const odd = provider("odd", "saml" as PageProvider["type"]);
    expect(all(load(signIn({ providers: [bare, odd] })), "form")).toHaveLength(0);
    const empty = provider("empty", "credentials", { credentials: {} });
    expect(all(load(signIn({ providers: [empty] })), "form")).toHaveLength(1);
  });

  const banners: [string, string][] = [
    ["Signin", "Try signing in with a different account."],
    ["OAuthSignin", "Try signing in with a different account."],
    ["OAuthCallbackError", "Try signing in with a different account."],
    ["OAuthCreateAccount", "Try signing in with a different account."],
    ["EmailCreateAccount", "Try signing in with a different account."],
    ["Callback", "Try signing in with a different account."],
    [
      "OAuthAccountNotLinked",
      "To confirm your identity, sign in with the same account you used originally.",
    ],
    ["EmailSignin", "The e-mail could not be sent."],
    ["CredentialsSignin", "Sign in failed. Check the details you provided are correct."],
    ["SessionRequired", "Please sign in to access this page."],
    ["RateLimited", "Too many attempts. Wait a moment and try again."],
    ["EmailSignInError", "The e-mail could not be sent. Check the address and try again."],
    ["MissingCSRF", "Unable to sign in."],
    ["constructor", "Unable to sign in."],
    ["__proto__", "Unable to sign in."],
    ["<script>alert(1)</script>", "Unable to sign in."],
  ];

  it.each(
    banners,
  )("shows the banner for error=%s as a fixed text, never the value", (error, message) => {
    const page = signIn({ error });
    const alert = one(load(page), "div", (d) => attrs(d).role === "alert");
    expect(text(alert)).toBe(message);
    if (!message.includes(error)) expect(page.html).not.toContain(error);
  });

  it("shows no banner without an error", () => {
    expect(all(load(signIn()), "div").filter((d) => attrs(d).role === "alert")).toHaveLength(0);
  });

  it("escapes hostile values in names, tokens, URLs and the email, keeping them intact as data", () => {
    const name = "<img src=x onerror=alert(1)>";
    const callbackUrl = '"><script>alert(1)</script>';
    const csrfToken = `a"b'c<d>&e`;
    const address = '"><svg onload=alert(1)>@x.test';
    const page = signIn({
      providers: [{ ...github, name }, email],
      callbackUrl,
      csrfToken,
      email: address,
    });
    const doc = load(page);
    expect(all(doc, "script")).toHaveLength(0);
    expect(all(doc, "svg")).toHaveLength(0);
    expect(all(doc, "img")).toHaveLength(1); // the GitHub logo only
    expect(text(one(formTo(page, github.signinUrl), "button"))).toBe(`Sign in with ${name}`);
    for (const form of all(doc, "form")) {
      expect(hidden(form, "csrfToken")).toBe(csrfToken);
      expect(hidden(form, "callbackUrl")).toBe(callbackUrl);
    }
    expect(attrs(one(doc, "input", (i) => attrs(i).name === "email")).value).toBe(address);
    expect(page.html).not.toMatch(/<img src=x|<script>|<svg|a"b/);
    expect(page.html).toContain('value="a&quot;b&#39;c&lt;d&gt;&amp;e"');
  });

  it("posts to # instead of a provider URL that is not http(s)", () => {
    const evil = { ...github, signinUrl: "javascript:alert(1)" };
    const page = signIn({ providers: [evil] });
    expect(attrs(one(load(page), "form")).action).toBe("#");
    expect(page.html).not.toContain("javascript:");
  });

  it("parses without errors when values hold control characters, lone surrogates or noncharacters", () => {
    const weird = "a\u0000b\u0007c\u007fd\u0085e\ud800f\ufdd0g\uffffh";
    const page = signIn({ providers: [{ ...github, name: weird }], csrfToken: weird });
    const doc = load(page);
    expect(text(one(doc, "button"))).toBe(
      "Sign in with a\ufffdb\ufffdc\ufffdd\ufffde\ufffdf\ufffdg\ufffdh",
    );
  });
});

describe("sign-out page", () => {
  it("asks for confirmation and posts the CSRF token to the sign-out URL", () => {
    const page = signOutPage({ action: `${base}/signout`, csrfToken: 'x"><b>', theme: {} });
    expect(page.status).toBe(200);
    const doc = load(page);
    expect(text(one(doc, "h1"))).toBe("Sign out");
    expect(text(one(doc, "p"))).toBe("Are you sure you want to sign out?");
    const form = formTo(page, `${base}/signout`);
    expect(attrs(form).method).toBe("POST");
    expect(hidden(form, "csrfToken")).toBe('x"><b>');
    expect(all(doc, "b")).toHaveLength(0);
    const button = one(form, "button");
    expect(attrs(button)).toEqual({ id: "submitButton", type: "submit" });
    expect(text(button)).toBe("Sign out");
  });

  it("posts to # when the action is not an http(s) URL", () => {
    const page = signOutPage({ action: "javascript:alert(1)", csrfToken: "t", theme: {} });
    expect(attrs(one(load(page), "form")).action).toBe("#");
  });
});

describe("error page", () => {
  const render = (error?: string, signInUrl = `${base}/signin`, homeUrl = "https://app.test/") =>
    errorPage({ error, signInUrl, homeUrl, theme: {} });
  const view = (page: RenderedPage) => {
    const doc = load(page);
    const card = one(doc, "div", (d) => attrs(d).class === "card");
    return {
      heading: text(one(card, "h1")),
      lines: all(card, "p").map(text),
      links: all(card, "a").map((a) => [text(a), attrs(a).href]),
    };
  };

  it.each<[string | undefined, number, string, string[], string[][]]>([
    [
      "Configuration",
      500,
      "Server error",
      [
        "There is a problem with the server configuration.",
        "Check the server logs for more information.",
        "app.test",
      ],
      [["app.test", "https://app.test/"]],
    ],
    [
      "AccessDenied",
      403,
      "Access Denied",
      ["You do not have permission to sign in."],
      [["Sign in", `${base}/signin`]],
    ],
    [
      "Verification",
      403,
      "Unable to sign in",
      [
        "The sign in link is no longer valid.",
        "It may have been used already or it may have expired.",
      ],
      [["Sign in", `${base}/signin`]],
    ],
    [
      undefined,
      200,
      "Error",
      ["Something went wrong while signing in.", "app.test"],
      [
        ["Back to sign in", `${base}/signin`],
        ["app.test", "https://app.test/"],
      ],
    ],
    [
      "OAuthCallbackError",
      200,
      "Error",
      ["Something went wrong while signing in.", "app.test"],
      [
        ["Back to sign in", `${base}/signin`],
        ["app.test", "https://app.test/"],
      ],
    ],
    [
      "toString",
      200,
      "Error",
      ["Something went wrong while signing in.", "app.test"],
      [
        ["Back to sign in", `${base}/signin`],
        ["app.test", "https://app.test/"],
      ],
    ],
  ])("error=%s → %i %s", (error, status, heading, lines, links) => {
    const page = render(error);
    expect(page.status).toBe(status);
    expect(text(one(load(page), "title"))).toBe("Error");
    expect(view(page)).toEqual({ heading, lines, links });
  });

  it("never echoes the error value", () => {
    const page = render('<script>alert(1)</script>"UniqueMarker');
    expect(page.status).toBe(200);
    expect(all(load(page), "script")).toHaveLength(0);
    expect(page.html).not.toMatch(/UniqueMarker|<script>/);
  });

  it("drops links whose URL is not http(s)", () => {
    expect(view(render("AccessDenied", "javascript:alert(1)")).links).toEqual([]);
    expect(view(render(undefined, "javascript:alert(1)", "javascript:alert(1)"))).toEqual({
      heading: "Error",
      lines: ["Something went wrong while signing in."],
      links: [],
    });
  });
});

describe("error page in development", () => {
  const diagnosis = ['Provider "github" has no clientId: set AUTH_GITHUB_ID.', "<b>x</b>"];
  it("lists the configuration problems, escaped, for error=Configuration only", () => {
    const page = errorPage({
      error: "Configuration",
      signInUrl: `${base}/signin`,
      homeUrl: "https://app.test/",
      theme: {},
      diagnosis,
    });
    const items = all(load(page), "li").map(text);
    expect(items).toEqual(diagnosis);
    expect(page.html).not.toContain("<b>x</b>");
    const other = errorPage({
      error: "AccessDenied",
      signInUrl: `${base}/signin`,
      homeUrl: "https://app.test/",
      theme: {},
      diagnosis,
    });
    expect(other.html).not.toContain("AUTH_GITHUB_ID");
  });
});

describe("verify-request page", () => {
  it("tells the user to check their email and links home, showing the host", () => {
    const page = verifyRequestPage({ homeUrl: "https://app.test:8443/", theme: {} });
    expect(page.status).toBe(200);
    const doc = load(page);
    expect(text(one(doc, "h1"))).toBe("Check your email");
    expect(all(doc, "p").map(text)).toEqual([
      "A sign in link has been sent to your email address.",
      "app.test:8443",
    ]);
    expect(attrs(one(doc, "a")).href).toBe("https://app.test:8443/");
  });

  it("drops the home link when the URL is not http(s)", () => {
    const page = verifyRequestPage({ homeUrl: "javascript:alert(1)//app.test", theme: {} });
    expect(all(load(page), "a")).toHaveLength(0);
    expect(page.html).not.toContain("javascript:");
  });
});
