import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface StartedOP {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Requests to the token endpoint so far. */
  tokenRequests: () => number;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1, with its development login and consent
 * pages. Any login name signs in; the account's email is `<login>@example.test`, verified.
 */
export async function startOP(redirectUris: string[]): Promise<StartedOP> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "test-app";
  const clientSecret = "test-app-secret-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-cookie-key-0123456789"] },
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: `${id}@example.test`, email_verified: true, name: `User ${id}` };
        },
      };
    },
  });
  let tokenRequests = 0;
  const callback = provider.callback();
  server.on("request", (req, res) => {
    if (req.url?.startsWith("/token")) tokenRequests++;
    callback(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    tokenRequests: () => tokenRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A user at the provider: follows its redirects and submits its login and consent forms with
 * its own cookie jar, and returns the provider's redirect back to the app (`appOrigin`),
 * undelivered.
 */
export async function authorizeAt(
  authorizationUrl: string,
  login: string,
  appOrigin: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form?.toString(),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    form = undefined;
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.origin === appOrigin) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"[^>]*method="post"/)?.[1];
    if (!action) throw new Error(`No form at ${url}: ${response.status}`);
    url = new URL(action.replaceAll("&amp;", "&"), url).href;
    form = html.includes('name="login"')
      ? new URLSearchParams({ prompt: "login", login, password: "anything" })
      : new URLSearchParams({ prompt: "consent" });
  }
  throw new Error("The provider never redirected back");
}
