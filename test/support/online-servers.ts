import { createServer as createHttpServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";
import { edit, replaceIn } from "./check-project.js";

export interface Listening {
  url: string;
  /** Connections accepted so far. */
  connections: () => number;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (a free port), counting connections, closing them all on close. */
async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<Listening> {
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on("connection", (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP server that accepts every connection and never answers. */
export const startSilentServer = () => listen(createTcpServer(() => undefined));

/** An HTTP server on 127.0.0.1 answering with `handler`. */
export const startHttpServer = (handler: Parameters<typeof createHttpServer>[1]) =>
  listen(createHttpServer(handler));

/** An HTTP server answering every request with `body` as JSON. */
export const startJsonServer = (body: (origin: string) => unknown) =>
  startHttpServer((request, response) => {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(body(`http://${request.headers.host}`)));
  });

/** A loopback URL nothing listens on (a port just released). */
export async function closedUrl(): Promise<string> {
  const server = await listen(createTcpServer());
  await server.close();
  return server.url;
}

/** Adds a Keycloak provider (issuer from AUTH_KEYCLOAK_ISSUER) to the check-express project. */
export function addKeycloak(dir: string, issuer: string) {
  replaceIn("src/auth.ts")(
    dir,
    'import GitHub from "@create-auth/runtime/providers/github";',
    'import GitHub from "@create-auth/runtime/providers/github";\nimport Keycloak from "@create-auth/runtime/providers/keycloak";',
  );
  replaceIn("src/auth.ts")(dir, "    GitHub,", "    GitHub,\n    Keycloak,");
  edit(
    dir,
    ".env",
    (text) =>
      `${text}AUTH_KEYCLOAK_ID=app\nAUTH_KEYCLOAK_SECRET=0123456789abcdef\nAUTH_KEYCLOAK_ISSUER=${issuer}\n`,
  );
}
