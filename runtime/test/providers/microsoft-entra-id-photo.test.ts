import { expect, it } from "vitest";
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js";
import { customFetch } from "../../src/symbols.js";
import { SECRET, TestClient } from "../helpers.js";
import entra from "./cases/microsoft-entra-id.js";
import { returnFromProvider, startFakeProvider } from "./fake-provider.js";

// The preset fetches no photo (Auth.js's does); docs/providers.md tells an app how to keep it:
// `User.Read` in the scope and its own `profile(claims, tokens)` asking Graph for the photo.
it("Entra ID's photo, as providers.md says to keep it: User.Read and the app's own profile()", async () => {
  const photoUrl = "https://graph.microsoft.com/v1.0/me/photos/48x48/$value";
  const c = { ...entra, resources: { [photoUrl]: "the photo's bytes" } };
  const fake = await startFakeProvider(c, "client-id", "client-secret");
  const client = new TestClient(
    {
      secret: SECRET,
      trustHost: true,
      providers: [
        MicrosoftEntraID({
          clientId: "client-id",
          clientSecret: "client-secret",
          issuer: String(entra.options?.issuer),
          authorization: { params: { scope: "openid profile email User.Read" } },
          async profile(claims, tokens) {
            const photo = await fake.fetch(photoUrl, {
              headers: { authorization: `Bearer ${tokens.access_token}` },
            });
            const bytes = Buffer.from(await photo.arrayBuffer()).toString("base64");
            const image = photo.ok ? `data:image/jpeg;base64,${bytes}` : null;
            return { id: claims.sub, name: claims.name, email: claims.email ?? null, image };
          },
          [customFetch]: fake.fetch,
        }),
      ],
    },
    "https://app.test",
  );
  try {
    const csrfToken = await client.csrfToken();
    const start = await client.request("/auth/signin/microsoft-entra-id", { form: { csrfToken } });
    const location = new URL(start.headers.get("location") ?? "");
    expect(location.searchParams.get("scope")).toBe("openid profile email User.Read");
    fake.state.nonce = location.searchParams.get("nonce") ?? undefined;
    await returnFromProvider(client, "microsoft-entra-id", c, location);
    const session = await (await client.request("/auth/session")).json();
    // Graph answered the photo to the sign-in's access token (the fake checks the bearer).
    expect(session.user.image).toBe(
      `data:image/jpeg;base64,${Buffer.from(JSON.stringify("the photo's bytes")).toString("base64")}`,
    );
  } finally {
    await fake.close();
  }
});
