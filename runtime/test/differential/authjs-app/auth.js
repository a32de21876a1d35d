// An Auth.js app's auth module, as its authors wrote it for @auth/express and @auth/pg-adapter.
// The migration test (../migration.test.ts) runs this file as it is, then a copy in which only
// the import lines name @create-auth/runtime, against the same database.
import { ExpressAuth, getSession } from "@auth/express";
import Nodemailer from "@auth/express/providers/nodemailer";
import PostgresAdapter from "@auth/pg-adapter";
import pg from "pg";

const env = process.env;

export const pool = new pg.Pool({ connectionString: env.DATABASE_URL });

export const authConfig = {
  secret: env.AUTH_SECRET,
  trustHost: true,
  adapter: PostgresAdapter(pool),
  session: { strategy: env.SESSION_STRATEGY },
  providers: [
    {
      id: "company",
      name: "Company SSO",
      type: "oidc",
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      authorization: { params: { scope: "openid email" } },
    },
    Nodemailer({
      server: { host: "127.0.0.1", port: Number(env.SMTP_PORT), secure: false, ignoreTLS: true },
      from: "Sign-in <auth@app.test>",
    }),
  ],
  callbacks: {
    signIn({ user }) {
      return !user.email?.endsWith("@blocked.test");
    },
    jwt({ token, account }) {
      if (account) token.provider = account.provider;
      return token;
    },
    session({ session, user, token }) {
      session.user.id = user ? user.id : token.sub;
      session.user.provider = token?.provider ?? "database";
      return session;
    },
  },
};

/** Mounts the auth routes and the app's own session endpoint. */
export function mountAuth(app) {
  app.set("trust proxy", true);
  app.use("/auth/*", ExpressAuth(authConfig));
  app.get("/api/me", async (req, res) => {
    const session = await getSession(req, authConfig);
    if (!session) return res.status(401).json({ error: "not signed in" });
    res.json({ id: session.user.id, email: session.user.email });
  });
}
