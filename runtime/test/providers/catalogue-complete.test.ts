import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { customFetch } from "../../src/symbols.js";
import { SECRET, TestClient } from "../helpers.js";
import { all, attrs, parsePage } from "../support/html.js";
import { loadCatalogue } from "./load.js";

const runtime = fileURLToPath(new URL("../../", import.meta.url));
const docs = readFileSync(new URL("../../../docs/providers.md", import.meta.url), "utf8");
const { modules, oauth } = await loadCatalogue();

/** Our own SVG, self-contained: no script, no event handler, no link, no external reference. */
function assertSelfContainedSvg(svg: string | undefined) {
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>$/);
  const withoutNamespace = svg!.replace('xmlns="http://www.w3.org/2000/svg"', "");
  expect(withoutNamespace).not.toMatch(
    /<script|<foreignObject|\son\w+\s*=|href|url\(|:\/\/|@import/i,
  );
}

describe("the provider catalogue", () => {
  it("names each module after its id (or its Auth.js module), and the preset agrees on id and kind", () => {
    expect(oauth.length).toBeGreaterThanOrEqual(17);
    for (const { id, file, catalogue, preset, providerCase } of oauth) {
      expect(catalogue.module ?? id, id).toBe(file);
      expect(catalogue.module, id).not.toBe(id);
      const config = preset({ clientId: "x", ...providerCase?.options });
      expect([config.id, config.type]).toEqual([id, catalogue.kind]);
    }
  });

  it("keeps Auth.js's id and type for every provider Auth.js also ships under that name", async () => {
    const authjsProviders = `${runtime}../node_modules/@auth/core/providers/`;
    const compared: string[] = [];
    for (const { id, file, preset, providerCase } of oauth) {
      if (!existsSync(`${authjsProviders}${file}.js`)) continue;
      const authjs = (await import(/* @vite-ignore */ `@auth/core/providers/${file}`)).default;
      const options = { clientId: "x", clientSecret: "y", ...providerCase?.options };
      const [ours, theirs] = [preset(options), authjs(options)];
      expect([ours.id, ours.type], id).toEqual([theirs.id, theirs.type]);
      compared.push(id);
    }
    expect(compared).toEqual(expect.arrayContaining(["github", "google", "apple", "twitch"]));
  });

  it.each(
    oauth.map((m) => [m.id, m] as const),
  )("%s has a case file, a logo for both schemes, brand colours and a docs row", (id, {
    file,
    catalogue,
  }) => {
    expect(existsSync(`${runtime}test/providers/cases/${file}.ts`), `cases/${file}.ts`).toBe(true);
    if (id !== "oidc") {
      assertSelfContainedSvg(catalogue.logo?.light);
      assertSelfContainedSvg(catalogue.logo?.dark);
      expect(catalogue.brandColor?.light).toMatch(/^#[0-9a-f]{6}$/i);
      expect(catalogue.brandColor?.dark).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(catalogue.console, "console").toBeTruthy();
    expect(docs).toContain(`| \`${id}\` |`);
  });

  it("shows each preset's logo on the sign-in page, escaped, with the dark one for dark schemes", async () => {
    const providers = oauth.map(({ preset, providerCase }) =>
      preset({ clientId: "x", clientSecret: "y", ...providerCase?.options, [customFetch]: fetch }),
    );
    const client = new TestClient({
      secret: SECRET,
      trustHost: true,
      providers,
      theme: { colorScheme: "auto" },
    });
    const html = await (await client.request("/auth/signin")).text();
    const { document, errors } = parsePage(html);
    expect(errors).toEqual([]);
    const images = all(document, "img").map(attrs);
    for (const { catalogue } of oauth.filter((m) => m.catalogue.logo)) {
      const light = images.find(
        (img) =>
          decodeURIComponent(img.src!.replace(/^data:image\/svg\+xml,/, "")) ===
          catalogue.logo!.light,
      );
      expect(light?.class, catalogue.id).toBe("provider-logo-light");
      const dark = images.find(
        (img) =>
          decodeURIComponent(img.src!.replace(/^data:image\/svg\+xml,/, "")) ===
          catalogue.logo!.dark,
      );
      expect(dark?.class, catalogue.id).toBe(
        catalogue.logo!.dark === catalogue.logo!.light
          ? "provider-logo-light"
          : "provider-logo-dark",
      );
    }
    // The raw markup never reaches the page: only the data: URL, inside an attribute.
    expect(html).not.toContain("<svg");
    expect(html).toContain(".theme-auto .provider .provider-logo-dark");
    expect(html).toContain("--provider-brand-color-dark:#8ab4f8");
  });

  it("lists every module with a catalogue, and the generated files are in sync (npm run providers:sync)", async () => {
    expect(modules.map((m) => m.id)).toEqual(
      expect.arrayContaining(["credentials", "email", "passkey", "github", "oidc"]),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["scripts/providers-sync.mjs", "--check"],
      {
        cwd: runtime,
      },
    );
    expect(stdout).toContain("all files up to date");
  });
});
