/**
 * The benchmark app on @create-auth/runtime (the root build, `runtime/dist`, through the
 * package's own exports). Started by `run.mjs` as a child process: PORT and OP_ISSUER in env.
 */
import { ExpressAuth, getSession } from "@create-auth/runtime/express";
import Credentials from "@create-auth/runtime/providers/credentials";
import OIDC from "@create-auth/runtime/providers/oidc";
import { OIDC_CLIENT, OIDC_ID } from "../lib/shared.mjs";
import { authorize, baseConfig, createApp } from "./app.mjs";
import { serve } from "./serve.mjs";

const config = {
  ...baseConfig(),
  // Auth.js has no rate limiting, and the flows sign in thousands of times a second from one
  // address: the comparison measures the same work.
  rateLimit: false,
  providers: [
    Credentials({ credentials: { username: {}, password: {} }, authorize }),
    OIDC({
      id: OIDC_ID,
      name: "Local OP",
      issuer: process.env.OP_ISSUER,
      clientId: OIDC_CLIENT.id,
      clientSecret: OIDC_CLIENT.secret,
    }),
  ],
};

serve(createApp({ ExpressAuth, getSession, config }));
