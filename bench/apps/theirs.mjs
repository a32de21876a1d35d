/**
 * The benchmark app on @auth/express 0.12 (the library users would pick instead), configured
 * exactly like `ours.mjs`. Started by `run.mjs` as a child process: PORT and OP_ISSUER in env.
 */
import { ExpressAuth, getSession } from "@auth/express";
import Credentials from "@auth/express/providers/credentials";
import { OIDC_CLIENT, OIDC_ID } from "../lib/shared.mjs";
import { authorize, baseConfig, createApp } from "./app.mjs";
import { serve } from "./serve.mjs";

const config = {
  ...baseConfig(),
  providers: [
    Credentials({ credentials: { username: {}, password: {} }, authorize }),
    // Auth.js has no generic OIDC helper: a provider object of type "oidc" is its documented form.
    {
      id: OIDC_ID,
      name: "Local OP",
      type: "oidc",
      issuer: process.env.OP_ISSUER,
      clientId: OIDC_CLIENT.id,
      clientSecret: OIDC_CLIENT.secret,
    },
  ],
};

serve(createApp({ ExpressAuth, getSession, config }));
