import { describe, expect, it, vi } from "vitest";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };

describe("events (reference §5.2)", () => {
  it("fire once each with their payload: signIn, session, signOut (JWT)", async () => {
    const events = { signIn: vi.fn(), session: vi.fn(), signOut: vi.fn() };
    const client = new TestClient({
      secret: SECRET,
      trustHost: true,
      events,
      providers: [Credentials({ authorize: () => ada })],
    });
    await client.signInWithCredentials({});
    expect(events.signIn).toHaveBeenCalledTimes(1);
    await client.session();
    expect(events.session).toHaveBeenCalledTimes(1);
    expect(events.session.mock.calls[0]![0]).toMatchObject({
      session: { user: { name: "Ada" } },
      token: { sub: "1", name: "Ada" },
    });
    const csrfToken = await client.csrfToken();
    await client.request("/auth/signout", { form: { csrfToken } });
    expect(events.signOut).toHaveBeenCalledTimes(1);
    expect(events.signOut.mock.calls[0]![0]).toMatchObject({
      token: { sub: "1", email: "ada@example.com" },
    });
    expect(events.signIn).toHaveBeenCalledTimes(1);
    expect(events.session).toHaveBeenCalledTimes(1);
  });

  it("a throwing handler is logged as EventError and never breaks the flow", async () => {
    const { logger, errors } = captureLogger();
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger,
      events: {
        signIn: () => {
          throw new Error("analytics down");
        },
        session: async () => {
          throw new Error("also down");
        },
      },
      providers: [Credentials({ authorize: () => ada })],
    };
    const client = new TestClient(config);
    const response = await client.signInWithCredentials({});
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    expect(errors.map((e) => e.name)).toEqual(["EventError", "EventError"]);
    expect((errors[0]!.cause as Error).message).toBe("analytics down");
  });
});
