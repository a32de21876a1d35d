import { expect } from "vitest";
import { HttpTestClient, setCookie } from "../helpers.js";

/** The auth flow every SolidStart fixture must pass, over real HTTP. */
export async function expectSolidStartAuthFlow(origin: string) {
  const client = new HttpTestClient(origin, "/api/auth");
  const providers = (await (await client.request("/api/auth/providers")).json()) as Record<
    string,
    { signinUrl: string }
  >;
  expect(providers.credentials!.signinUrl).toBe(`${origin}/api/auth/signin/credentials`);

  const page = await client.request("/protected", { headers: { accept: "text/html" } });
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Fprotected");
  expect(
    (await client.request("/api/private", { headers: { accept: "application/json" } })).status,
  ).toBe(401);
  // Other spellings the router serves are protected too.
  for (const path of ["/PROTECTED", "/protected/", "/Protected"]) {
    const other = await client.request(path, { headers: { accept: "text/html" } });
    expect(other.status, path).toBe(302);
    expect(other.headers.get("location"), path).toMatch("/api/auth/signin?callbackUrl=%2F");
  }
  expect(
    (await client.request("/API/Private/", { headers: { accept: "application/json" } })).status,
  ).toBe(401);

  const refused = await client.signInWithCredentials({ username: "ada", password: "nope" });
  expect(refused.headers.get("location")).toBe(
    `${origin}/api/auth/signin?error=CredentialsSignin&code=credentials`,
  );
  const signedIn = await client.signInWithCredentials({
    username: "ada",
    password: "lovelace",
    callbackUrl: "/protected",
  });
  expect(signedIn.headers.get("location")).toBe(`${origin}/protected`);
  expect(setCookie(signedIn, "authjs.session-token")).toBeDefined();

  await expect((await client.request("/api/me")).json()).resolves.toMatchObject({
    session: { user: { name: "Ada Lovelace" } },
  });
  await expect((await client.request("/api/private")).json()).resolves.toMatchObject({
    locals: { user: { email: "ada@example.com" } },
  });
  const protectedPage = await client.request("/protected");
  expect(protectedPage.status).toBe(200);
  expect(await protectedPage.text()).toContain("Members only");

  expect((await client.signOut()).status).toBe(302);
  await expect((await client.request("/api/me")).json()).resolves.toEqual({ session: null });
  // Paths under the prefix that are not auth endpoints fall through to SolidStart.
  expect((await client.request("/api/auth/not-an-endpoint")).status).toBe(404);
}
