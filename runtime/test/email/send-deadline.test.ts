/**
 * The email provider's `sendTimeout`: nodemailer bounds each step on its own (connect, greeting,
 * each answer), so a server that greets and then answers late, or not at all, could hold a
 * sign-in for as long as those allow, step after step. A whole send is bounded: past
 * `sendTimeout` the connection is destroyed and the sign-in ends at `EmailSignInError`. Real
 * SMTP servers: one that greets and goes silent, and `smtp-server` behind a slow fault proxy.
 */
import { type AddressInfo, createServer, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { DependencyTimeout } from "../../src/errors.js";
import Email from "../../src/providers/email.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, recordingTokens, SECRET, TestClient } from "../helpers.js";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.js";
import { eventually, startSmtpServer } from "./smtp.js";

/** An SMTP server that sends its greeting and then never answers anything. */
async function startGreetThenStallServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    // Read (and ignore) every command, so the client's close is seen.
    socket.resume();
    socket.write("220 stall.test ESMTP ready\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    openConnections: () => sockets.size,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let stalling: Awaited<ReturnType<typeof startGreetThenStallServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let proxy: FaultProxy;
beforeAll(async () => {
  stalling = await startGreetThenStallServer();
  smtp = await startSmtpServer();
  proxy = await startFaultProxy({ port: smtp.port });
});
afterEach(() => proxy.set("pass"));
afterAll(async () => {
  await proxy?.close();
  await stalling?.close();
  await smtp?.close();
});

/** Per-step timeouts far above the deadline: only `sendTimeout` can end these sends. */
const patient = { connectionTimeout: 60_000, greetingTimeout: 60_000, socketTimeout: 60_000 };

function setup(server: string | Record<string, unknown>, sendTimeout = 500) {
  const { logger, errors } = captureLogger();
  const { adapter, created } = recordingTokens(memoryAdapter());
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger,
    adapter,
    providers: [Email({ server, from: "auth@acme.example", sendTimeout })],
  };
  return { client: new TestClient(config), adapter, created, errors };
}

async function requestLink(client: TestClient, email = "ada@example.com") {
  const csrfToken = await client.csrfToken();
  return client.request("/auth/signin/email", { form: { email, csrfToken } });
}

describe("sendTimeout bounds a whole send", () => {
  it.each([
    ["options", () => ({ host: "127.0.0.1", port: stalling.port, ...patient })],
    [
      "a URL",
      () =>
        `smtp://127.0.0.1:${stalling.port}?connectionTimeout=60000&greetingTimeout=60000&socketTimeout=60000`,
    ],
  ])("(%s) a server that greets and then stalls: EmailSignInError, connection closed, token gone", async (_label, server) => {
    const { client, adapter, created, errors } = setup(server());
    const response = await requestLink(client);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=EmailSignInError",
    );
    const logged = errors.at(-1);
    expect(logged?.name).toBe("EmailSignInError");
    expect(logged?.cause).toBeInstanceOf(DependencyTimeout);
    expect(await adapter.useVerificationToken(created[0]!)).toBeNull();
    // The send was aborted, not abandoned: its connection is gone.
    expect(await eventually(() => stalling.openConnections() === 0)).toBe(true);
  });

  it("a server whose every answer comes late is cut off; once it is fast again, the mail goes", async () => {
    const { client } = setup({ host: "127.0.0.1", port: proxy.port, ...patient });
    await proxy.set("slow", { delayMs: 400 });
    const slow = await requestLink(client);
    expect(slow.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=EmailSignInError",
    );
    await proxy.set("pass");
    const sent = await requestLink(client, "grace@example.com");
    expect(sent.headers.get("location")).toContain("/auth/verify-request");
    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual(["grace@example.com"]);
  });
});
