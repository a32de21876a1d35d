/**
 * The local OpenID provider in its own process, so its CPU is measured apart from the apps'
 * (the OIDC scenario reports the OP's share). Env: PORT, REDIRECT_URIS (comma-separated).
 */
import { createOP } from "../lib/op.mjs";
import { serve } from "./serve.mjs";

const issuer = `http://127.0.0.1:${process.env.PORT}`;
serve(createOP(issuer, String(process.env.REDIRECT_URIS).split(",")));
