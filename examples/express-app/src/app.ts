import { requireAuth } from "@create-auth/runtime/express";
import express from "express";
import { authConfig } from "./auth.js";
import { escapeHtml, page } from "./pages.js";

// `npx create-auth init` adds the auth endpoints below and generates ./auth.ts (this example's
// account page already uses it).
export const app = express();

app.use(express.urlencoded({ extended: false }));

app.get("/", (_req, res) => {
  res.send(
    page(
      "Home",
      `<h1>Welcome</h1><p>This page is public. <a href="/account">Your account</a> is not.</p>`,
    ),
  );
});

app.get("/account", requireAuth(authConfig), (_req, res) => {
  const user = (res.locals.session as { user?: { name?: string; email?: string } }).user;
  res.send(
    page(
      "Account",
      `<h1>Account</h1>
<p id="user">Signed in as <strong>${escapeHtml(user?.name ?? user?.email)}</strong> (${escapeHtml(user?.email)}).</p>
<p><a href="/auth/signout">Sign out</a></p>`,
    ),
  );
});
