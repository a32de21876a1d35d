/**
 * The provider transport (`freshConnectionFetch`) hands over what `fetch` would: a body the
 * server compressed without being asked is decoded, and an answer too large for a provider's
 * JSON is refused rather than buffered without end. Against a real HTTP server on loopback.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshConnectionFetch } from "../../src/oauth/fresh-connection.js";

const profile = { sub: "1", name: "Ada" };
const encoders: Record<string, (body: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url!, "http://x");
    const encoding = url.searchParams.get("encoding");
    if (url.pathname === "/huge") {
      response.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 32);
      for (let i = 0; i < 6; i++) response.write(chunk);
      response.end();
      return;
    }
    const json = Buffer.from(
      JSON.stringify({ ...profile, asked: request.headers["accept-encoding"] ?? null }),
    );
    const body = encoding ? encoders[encoding]!(json) : json;
    response.writeHead(200, {
      "content-type": "application/json",
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": body.length,
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("freshConnectionFetch", () => {
  it("asks for no encoding and reads a plain answer", async () => {
    const response = await freshConnectionFetch(`${origin}/userinfo`);
    expect(await response.json()).toEqual({ ...profile, asked: null });
  });

  it.each([
    "gzip",
    "deflate",
    "br",
  ])("decodes a %s answer the server sent unasked, as fetch would", async (encoding) => {
    const response = await freshConnectionFetch(`${origin}/userinfo?encoding=${encoding}`);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.json()).toEqual({ ...profile, asked: null });
  });

  it("refuses an answer larger than a provider's JSON can be", async () => {
    await expect(freshConnectionFetch(`${origin}/huge`)).rejects.toThrow(/larger than/);
  });
});
