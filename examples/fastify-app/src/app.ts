import { requireAuth } from "@create-auth/runtime/fastify";
import Fastify from "fastify";
import { authConfig } from "./auth.js";
import { escapeHtml, page } from "./pages.js";

// `npx create-auth init` registers the auth endpoints below and generates ./auth.ts (this
// example's account page already uses it).
export const app = Fastify();

app.get("/", async (_request, reply) =>
  reply
    .type("text/html")
    .send(
      page(
        "Home",
        `<h1>Welcome</h1><p>This page is public. <a href="/account">Your account</a> is not.</p>`,
      ),
    ),
);

app.get("/account", { preHandler: requireAuth(authConfig) }, async (request, reply) => {
  const user = request.session?.user;
  return reply.type("text/html").send(
    page(
      "Account",
      `<h1>Account</h1>
<p id="user">Signed in as <strong>${escapeHtml(user?.name ?? user?.email)}</strong> (${escapeHtml(user?.email)}).</p>
<p><a href="/auth/signout">Sign out</a></p>`,
    ),
  );
});
