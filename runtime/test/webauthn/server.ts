import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ExpressAuth, getSession } from "../../src/express/index.js";
import type { AuthConfig } from "../../src/types.js";
import { express5 } from "../express/app.js";

/**
 * A real Express 5 app on `http://localhost:<port>` (WebAuthn needs a secure context and a
 * domain as relying-party id: localhost qualifies, 127.0.0.1 does not): the auth handler on
 * /auth and `/` showing the session as JSON. It listens before it is configured, so the
 * configuration can name its origin.
 */
export async function startPasskeyApp() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    configure(config: AuthConfig) {
      const app = express5();
      app.use("/auth", ExpressAuth(config) as never);
      app.get("/", async (req, res) => {
        res.json({ session: await getSession(req as never, config) });
      });
      server.removeAllListeners("request");
      server.on("request", app);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
