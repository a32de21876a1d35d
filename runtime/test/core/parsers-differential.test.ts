/**
 * The runtime's small parsers against the reference implementations the apps' own frameworks
 * run, on generated inputs: `Accept` against `negotiator` (Express 5's 1.x and Express 4's 0.6),
 * `Content-Type` against `content-type` as `type-is` reads it for the body parsers, and client
 * addresses against `ipaddr.js`. A difference is a request the runtime answers unlike the app.
 */
import { createRequire } from "node:module";
import * as fc from "fast-check";
import ipaddr from "ipaddr.js";
import Negotiator from "negotiator";
import { describe, expect, it } from "vitest";
import { acceptWeight, parseAccept } from "../../src/core/accept.js";
import { bodyKind } from "../../src/core/body.js";
import { addressKey } from "../../src/core/rate-limit.js";
import { wantsSignInRedirect } from "../../src/core/sign-in-redirect.js";

const require = createRequire(import.meta.url);
/** Express 4's negotiator (0.6), next to Express 5's (1.x, the default import). */
const Negotiator06 =
  require("../../../node_modules/express4/node_modules/negotiator") as typeof Negotiator;
/** The `content-type` that `type-is` (Express 5's body parsers) uses. */
const contentType = require(
  require.resolve("content-type", { paths: [require.resolve("type-is")] }),
) as { parse(value: string, options?: { parameters?: boolean }): { type: string } };

const runs = { numRuns: 2000 };

const mediaRange = fc
  .record({
    type: fc.constantFrom(
      "text/html",
      "TEXT/HTML",
      "application/json",
      "Application/JSON",
      "text/*",
      "application/*",
      "*/*",
      "application/problem+json",
      "application/ld+json",
      "text/plain",
      "image/png",
      "application/xhtml+xml",
    ),
    params: fc.array(fc.constantFrom("level=1", "charset=utf-8", 'x="a,b"', "level=*"), {
      maxLength: 1,
    }),
    q: fc.option(fc.constantFrom("0", "0.0", "0.001", "0.5", "0.9", "1", "1.0", "0.80"), {
      nil: undefined,
    }),
    space: fc.constantFrom("", " ", "  "),
  })
  .map(
    ({ type, params, q, space }) =>
      `${type}${params.map((p) => `;${space}${p}`).join("")}${q === undefined ? "" : `;${space}q=${q}`}`,
  );
const acceptHeader = fc
  .array(mediaRange, { minLength: 1, maxLength: 5 })
  .chain((ranges) => fc.constantFrom(",", ", ", " ,").map((sep) => ranges.join(sep)));

describe("Accept (against negotiator)", () => {
  const types = ["text/html", "application/json", "application/problem+json"];

  it.each([
    ["1.x (Express 5)", Negotiator],
    ["0.6 (Express 4)", Negotiator06],
  ])("%s: the same types are acceptable, and the higher weight is the preferred one", (_v, Impl) => {
    fc.assert(
      fc.property(acceptHeader, (accept) => {
        const ranges = parseAccept(accept);
        const negotiator = new Impl({ headers: { accept } });
        for (const type of types) {
          const ours = acceptWeight(ranges, type) > 0;
          expect(ours, `${type} in ${accept}`).toBe(negotiator.mediaTypes([type]).length > 0);
        }
        const html = acceptWeight(ranges, "text/html");
        const json = acceptWeight(ranges, "application/json");
        if (html > 0 && json > 0 && html !== json) {
          const preferred = negotiator.mediaTypes(["text/html", "application/json"])[0];
          expect(preferred, accept).toBe(html > json ? "text/html" : "application/json");
        }
      }),
      runs,
    );
  });

  it.each([
    ["text/html;q=0, application/json", false],
    ["application/problem+json", false],
    ["application/json", false],
    ["application/json, */*;q=0.1", false],
    ["text/html, application/json", true],
    ["*/*", true],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true],
    ["", true],
  ])("Accept %j → sign-in redirect: %s", (accept, redirect) => {
    expect(wantsSignInRedirect("GET", accept)).toBe(redirect);
  });
});

const mediaType = fc
  .record({
    type: fc.constantFrom(
      "application/json",
      "APPLICATION/JSON",
      "application/x-www-form-urlencoded",
      "Application/X-WWW-Form-Urlencoded",
      "text/plain",
      "application/jsonp",
      "multipart/form-data",
      "application/ json",
      "application/json;",
      "json",
      "",
    ),
    params: fc.array(
      fc.constantFrom(
        "charset=utf-8",
        'x="application/json"',
        "boundary=application/json",
        "charset",
        'q="a;b"',
      ),
      { maxLength: 2 },
    ),
    lead: fc.constantFrom("", " ", "\t"),
    trail: fc.constantFrom("", " ", "\t"),
  })
  .map(
    ({ type, params, lead, trail }) =>
      `${lead}${type}${trail}${params.map((p) => `; ${p}`).join("")}`,
  );

describe("Content-Type (against content-type, as type-is reads it)", () => {
  it("a body is JSON or a form exactly when Express's body parsers would read it as one", () => {
    fc.assert(
      fc.property(mediaType, (header) => {
        let reference: string | undefined;
        try {
          reference = contentType.parse(header, { parameters: false }).type;
        } catch {
          reference = undefined;
        }
        const expected =
          reference === "application/json"
            ? "json"
            : reference === "application/x-www-form-urlencoded"
              ? "form"
              : undefined;
        expect(bodyKind(header), JSON.stringify(header)).toBe(expected);
      }),
      runs,
    );
  });
});

const group = fc.integer({ min: 0, max: 0xffff });
const ipv6 = fc.tuple(
  fc.array(group, { minLength: 8, maxLength: 8 }),
  fc.boolean(),
  fc.constantFrom("rfc5952", "normalized", "upper", "embedded"),
);

describe("client addresses (against ipaddr.js)", () => {
  function expected(text: string): string {
    const parsed = ipaddr.parse(text);
    if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
      return (parsed as ipaddr.IPv6).toIPv4Address().toString();
    }
    if (parsed.kind() === "ipv4") return parsed.toString();
    const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
    return `${parts.join(":")}::/64`;
  }

  it("IPv4-mapped addresses in every spelling count as their IPv4 address; others by /64", () => {
    fc.assert(
      fc.property(ipv6, ([groups, mapped, spelling]) => {
        const parts = mapped ? [0, 0, 0, 0, 0, 0xffff, groups[6]!, groups[7]!] : groups;
        const address = new ipaddr.IPv6(parts);
        let text =
          spelling === "normalized" ? address.toNormalizedString() : address.toRFC5952String();
        if (spelling === "upper") text = text.toUpperCase();
        if (spelling === "embedded") {
          const v4 = [parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff].join(".");
          text = `${address.toRFC5952String().replace(/:[0-9a-f]+:[0-9a-f]+$/, "")}:${v4}`;
          if (!ipaddr.isValid(text)) return;
        }
        expect(addressKey(text), text).toBe(expected(text));
      }),
      runs,
    );
  });

  it.each([
    ["::ffff:7f00:1", "127.0.0.1"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::FFFF:C000:0201", "192.0.2.1"],
    ["0:0:0:0:0:ffff:c000:201", "192.0.2.1"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["198.51.100.7", "198.51.100.7"],
  ])("%s counts as %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
