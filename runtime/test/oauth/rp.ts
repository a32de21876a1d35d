import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ExpressAuth, getSession } from "../../src/express/index.js";
import type { AuthConfig } from "../../src/types.js";
import { express5 } from "../express/app.js";

/**
 * A relying party: a real Express 5 app with the auth handler on /auth and `/` showing the
 * session as JSON. Listening starts before it is configured, because the OpenID provider must
 * know the callback URL first. `host` names the origin: `localhost` for WebAuthn, which needs a
 * secure context and a domain as relying-party id (127.0.0.1 is not one).
 */
export async function startRP(host: "127.0.0.1" | "localhost" = "127.0.0.1") {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  let held: { pathname: string; resolve: (url: URL) => void } | undefined;
  return {
    origin,
    configure(config: AuthConfig) {
      const app = express5();
      app.use("/auth", ExpressAuth(config) as never);
      app.get("/", async (req, res) => {
        res.json({ session: await getSession(req as never, config) });
      });
      server.removeAllListeners("request");
      server.on("request", (req, res) => {
        const url = new URL(req.url ?? "/", origin);
        if (held && url.pathname === held.pathname) {
          held.resolve(url);
          held = undefined;
          res.writeHead(200, { "content-type": "text/plain" }).end("held");
          return;
        }
        app(req, res);
      });
    },
    /**
     * The next request to `pathname` is answered "held" without reaching the app; resolves with
     * its URL (e.g. a provider's real redirect back, to deliver later, altered or twice).
     */
    holdNext(pathname: string): Promise<URL> {
      return new Promise((resolve) => {
        held = { pathname, resolve };
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
