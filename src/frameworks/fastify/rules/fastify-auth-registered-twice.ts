import type { Rule } from "../../../check/types.js";
import { secondMount } from "../../mounted-twice.js";
import { fastifyMounts } from "../fastify-mounts.js";

const where = (path: string | undefined) => (path ? `under "${path}"` : "without a prefix");

/**
 * Fastify: FastifyAuth registered twice. An error: under one prefix the app does not start
 * (Fastify refuses the second `/auth/*` route), under two it serves two sets of endpoints whose
 * callback URLs differ, and a provider accepts the redirect URI of one.
 */
export const fastifyAuthRegisteredTwice: Rule = {
  id: "fastify-auth-registered-twice",
  severity: "error",
  summary: "Fastify: FastifyAuth registered more than once.",
  check(context) {
    const pair = secondMount(fastifyMounts(context.setup), () => true);
    if (!pair) return [];
    const { first, other } = pair;
    const same = first.path === other.path;
    return [
      {
        file: other.file,
        line: other.line,
        message: `FastifyAuth is registered ${where(first.path)} (${first.file}:${first.line}) and again ${where(other.path)}.`,
        why: same
          ? "Both registrations add the same route: the app fails to start (FST_ERR_DUPLICATED_ROUTE: Method 'GET' already declared for route …), and no endpoint is served."
          : "Each registration serves a set of endpoints with its own callback URLs: an OAuth provider accepts the redirect URI registered for one of them, so signing in through the other fails (redirect_uri mismatch), and sign-in links point at one only.",
        fix: "Register FastifyAuth once, at the prefix the providers' callback URLs use; redirect the old path to it if links to it exist.",
      },
    ];
  },
};
