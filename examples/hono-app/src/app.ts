import { type AuthEnv, requireAuth } from "@create-auth/runtime/hono";
import { Hono } from "hono";
import { authConfig } from "./auth.js";
import { escapeHtml, page } from "./pages.js";

// `npx create-auth init` adds the auth endpoints below and generates ./auth.ts (this example's
// account page already uses it).
export const app = new Hono<AuthEnv>();

app.get("/", (c) =>
  c.html(
    page(
      "Home",
      `<h1>Welcome</h1><p>This page is public. <a href="/account">Your account</a> is not.</p>`,
    ),
  ),
);

app.get("/account", requireAuth(authConfig), (c) => {
  const user = c.get("session")?.user;
  return c.html(
    page(
      "Account",
      `<h1>Account</h1>
<p id="user">Signed in as <strong>${escapeHtml(user?.name ?? user?.email)}</strong> (${escapeHtml(user?.email)}).</p>
<p><a href="/auth/signout">Sign out</a></p>`,
    ),
  );
});

app.notFound((c) => c.html(page("Not found", "<h1>Not found</h1>"), 404));
