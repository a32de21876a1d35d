import type { AdapterUser } from "../../adapters.js";
import {
  CallbackRouteError,
  CredentialsSignin,
  InvalidProvider,
  MissingCSRF,
} from "../../errors.js";
import type { CredentialsConfig } from "../../providers/types.js";
import type { Account, User } from "../../types.js";
import type { AuthContext } from "../context.js";
import { replaceSession } from "../login.js";
import { toWebRequest } from "../request.js";
import { checkSignIn, issueSession } from "../sign-in.js";

/**
 * POST `{base}/callback/<credentials id>` (reference §4.5). `authorize` decides; the session is
 * a JWT cookie with the JWT strategy. With the database strategy (possible when another
 * provider needs the adapter) the user is found or created in the adapter and gets a database
 * session, which Auth.js cannot do (reference §11 item 9).
 */
export async function credentialsCallback(
  ctx: AuthContext,
  provider: CredentialsConfig,
): Promise<string> {
  if (ctx.request.method !== "POST") {
    throw new InvalidProvider(
      "Callback for provider type (credentials) is only supported with POST",
    );
  }
  if (!ctx.csrfVerified) throw new MissingCSRF("CSRF token was missing during an action callback");

  const credentials = { ...(ctx.request.body ?? {}) };
  delete credentials.csrfToken;
  let authorized: User | null;
  try {
    authorized = await provider.authorize(credentials, toWebRequest(ctx.request, credentials));
  } catch (error) {
    if (error instanceof CredentialsSignin) throw error;
    throw new CallbackRouteError("authorize() threw", { cause: error });
  }
  if (!authorized) throw new CredentialsSignin();

  const user: User = { ...authorized, id: authorized.id?.toString() ?? crypto.randomUUID() };
  const account: Account = {
    providerAccountId: user.id!,
    type: "credentials",
    provider: provider.id,
  };
  const redirect = await checkSignIn(ctx, { user, account, credentials });
  if (redirect) return redirect;

  if (ctx.config.session.strategy === "database") {
    const stored = await findOrCreateUser(ctx, user);
    const session = await replaceSession(
      ctx,
      stored.id,
      ctx.request.cookies[ctx.cookies.sessionToken.name],
    );
    await issueSession(ctx, { user: stored, account, session });
  } else {
    await issueSession(ctx, { user, account, isNewUser: false });
  }
  return ctx.callbackUrl;
}

async function findOrCreateUser(ctx: AuthContext, user: User): Promise<AdapterUser> {
  const adapter = ctx.config.adapter!;
  const byId = await adapter.getUser!(user.id!);
  if (byId) return byId;
  const byEmail = user.email ? await adapter.getUserByEmail!(user.email) : null;
  if (byEmail) return byEmail;
  return adapter.createUser!({
    ...user,
    id: user.id!,
    email: (user.email ?? null) as string,
    emailVerified: null,
  } as AdapterUser);
}
