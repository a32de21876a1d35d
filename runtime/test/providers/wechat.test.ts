import { describe, expect, it } from "vitest";
import WeChat from "../../src/providers/wechat.js";
import type { AuthConfig } from "../../src/types.js";
import { SECRET, TestClient } from "../helpers.js";

async function authorizationUrl(config: AuthConfig) {
  const client = new TestClient(config, "https://app.test");
  const csrfToken = await client.csrfToken();
  const response = await client.request("/auth/signin/wechat", { form: { csrfToken } });
  return new URL(response.headers.get("location") ?? "");
}

const credentials = { clientId: "wx520c15f417810387", clientSecret: "app-secret" };

describe("WeChat's authorization URL", () => {
  it("carries appid, a state WeChat accepts (≤128 letters and digits) and #wechat_redirect", async () => {
    const url = await authorizationUrl({
      secret: SECRET,
      trustHost: true,
      providers: [WeChat(credentials)],
    });
    expect(url.searchParams.get("appid")).toBe(credentials.clientId);
    expect(url.searchParams.get("state")).toMatch(/^[a-zA-Z0-9]{1,128}$/);
    expect(url.hash).toBe("#wechat_redirect");
  });

  it("asks for QR-code sign-in with snsapi_login for a Website App", async () => {
    const url = await authorizationUrl({
      secret: SECRET,
      trustHost: true,
      providers: [WeChat({ ...credentials, platformType: "WebsiteApp" })],
    });
    expect(`${url.origin}${url.pathname}`).toBe("https://open.weixin.qq.com/connect/qrconnect");
    expect(url.searchParams.get("scope")).toBe("snsapi_login");
    expect(url.hash).toBe("#wechat_redirect");
  });
});
