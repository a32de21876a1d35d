import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A server on 127.0.0.1 listening before its app exists (an OpenID provider must know the
 * callback URL first), whose app can be replaced at any time (`use`), as a redeploy on the same
 * address would. Answers 503 until the first `use`.
 */
export async function listening() {
  let listener: Listener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    origin,
    use: (next: Listener) => {
      listener = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
