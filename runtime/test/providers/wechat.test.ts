import { describe, expect, it } from "vitest";
import WeChat from "../../src/providers/wechat.js";
import type { AuthConfig } from "../../src/types.js";
import { SECRET, TestClient } from "../helpers.js";

async function authorizationUrl(config: AuthConfig, query = "") {
  const client = new TestClient(config, "https://app.test");
  const csrfToken = await client.csrfToken();
  const response = await client.request(`/auth/signin/wechat${query}`, { form: { csrfToken } });
  return new URL(response.headers.get("location") ?? "");
}

/** The link as WeChat's pages write it: these parameters, in this order, then the fragment. */
function documentedLink(endpoint: string, scope: string) {
  const redirectUri = encodeURIComponent("https://app.test/auth/callback/wechat");
  return new RegExp(
    `^${endpoint}\\?appid=wx520c15f417810387&redirect_uri=${redirectUri}&response_type=code&scope=${scope}&state=[0-9a-f]{64}#wechat_redirect$`,
  );
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

  // WeChat matches the link strictly, parameter order included, and a link it does not expect
  // does not open (the Official Account page); the QR-code page gives the same form.
  it("is exactly the documented link: appid, redirect_uri, response_type, scope, state", async () => {
    const inWeChat = await authorizationUrl({
      secret: SECRET,
      trustHost: true,
      providers: [WeChat(credentials)],
    });
    expect(inWeChat.href).toMatch(
      documentedLink(
        "https://open\\.weixin\\.qq\\.com/connect/oauth2/authorize",
        "snsapi_userinfo",
      ),
    );
    const website = await authorizationUrl({
      secret: SECRET,
      trustHost: true,
      providers: [WeChat({ ...credentials, platformType: "WebsiteApp" })],
    });
    expect(website.href).toMatch(
      documentedLink("https://open\\.weixin\\.qq\\.com/connect/qrconnect", "snsapi_login"),
    );
  });

  it("puts a parameter the app adds (forcePopup) after the documented ones", async () => {
    const url = await authorizationUrl(
      { secret: SECRET, trustHost: true, providers: [WeChat(credentials)] },
      "?forcePopup=true",
    );
    expect([...url.searchParams.keys()]).toEqual([
      "appid",
      "redirect_uri",
      "response_type",
      "scope",
      "state",
      "forcePopup",
    ]);
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
