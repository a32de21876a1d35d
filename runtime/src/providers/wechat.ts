/**
 * WeChat (OAuth 2 in WeChat's own dialect): sign-in in WeChat's browser through an Official
 * Account (default), or by QR code on a website (`platformType: "WebsiteApp"`).
 * Callback URL: `{origin}{base}/callback/wechat`.
 *
 * @module providers/wechat
 */
import { customFetch } from "../symbols.js";
import type { Profile, TokenSet } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { conformJson } from "./conform.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig, TokenRequestContext } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "wechat",
  name: "WeChat",
  kind: "oauth",
  importName: "WeChat",
  console:
    "https://mp.weixin.qq.com/ (an Official Account) or https://open.weixin.qq.com/ (a Website App)",
  scopes: "snsapi_userinfo",
  checks: ["state"],
  options:
    '`clientId` is the AppID, `clientSecret` the AppSecret; `platformType: "WebsiteApp"` for QR-code sign-in on a website (scope `snsapi_login`)',
  quirks:
    "The authorization link is exactly WeChat's (`appid`, `redirect_uri`, `response_type`, `scope`, `state`, in that order, no `client_id`); the client id and secret are `appid` and `secret`, and the code is redeemed with a GET; errors come with HTTP 200 and an `errcode`; the user is the `unionid` (when the app is bound to the Open Platform) or else the `openid`; no email.",
  brandColor: { light: "#07c160", dark: "#07c160" },
  logo: monogramLogo("W", "#07c160", "#07c160"),
});

/** `GET https://api.weixin.qq.com/sns/userinfo`. */
export interface WeChatProfile {
  openid: string;
  nickname: string;
  sex?: number;
  province?: string;
  city?: string;
  country?: string;
  headimgurl?: string;
  privilege?: string[];
  unionid?: string;
  [field: string]: unknown;
}

export interface WeChatOptions extends OAuthUserConfig<WeChatProfile> {
  /** `OfficialAccount` (default): inside WeChat; `WebsiteApp`: a QR code on a website. */
  platformType?: "OfficialAccount" | "WebsiteApp";
}

interface WeChatError {
  errcode?: number;
  errmsg?: string;
}

/**
 * WeChat answers errors with HTTP 200 and `errcode`, and its tokens without `token_type`: the
 * first becomes a 400 with an RFC 6749 `error`, the second gets `token_type: Bearer`.
 */
const conform = conformJson((body, response) => {
  const { errcode, errmsg } = body as WeChatError;
  if (errcode)
    return {
      body: { error: "invalid_grant", error_description: `WeChat ${errcode}: ${errmsg ?? ""}` },
      status: response.ok ? 400 : response.status,
    };
  if (response.ok && typeof body.access_token === "string" && body.token_type === undefined)
    return { body: { ...body, token_type: "Bearer" } };
  return undefined;
});

/** The code is redeemed with a GET, the credentials named `appid` and `secret`. */
function redeem({ url, params, provider, fetch }: TokenRequestContext) {
  const target = new URL(url);
  target.searchParams.set("appid", provider.clientId ?? "");
  target.searchParams.set("secret", provider.clientSecret ?? "");
  target.searchParams.set("code", params.get("code") ?? "");
  target.searchParams.set("grant_type", "authorization_code");
  return fetch(target, { headers: { accept: "application/json" } });
}

const userinfoUrl = "https://api.weixin.qq.com/sns/userinfo";

/** The profile, asked for with the token and the `openid` from the token answer. */
async function userinfo({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig }) {
  const configured = provider.userinfo;
  const target = new URL(
    (typeof configured === "string" ? configured : configured?.url) ?? userinfoUrl,
  );
  target.searchParams.set("access_token", tokens.access_token ?? "");
  target.searchParams.set("openid", String(tokens.openid ?? ""));
  const response = await (provider[customFetch] ?? fetch)(target, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`WeChat sns/userinfo answered ${response.status}`);
  const body = (await response.json()) as WeChatProfile & WeChatError;
  if (body.errcode || !body.openid)
    throw new Error(
      `WeChat sns/userinfo answered ${body.errcode ?? "no user"} ${body.errmsg ?? ""}`,
    );
  return body as unknown as Profile;
}

/** WeChat sign-in. */
export default function WeChat({
  platformType = "OfficialAccount",
  ...options
}: WeChatOptions = {}): OAuthConfig<WeChatProfile> {
  const website = platformType === "WebsiteApp";
  return preset<WeChatProfile>(
    {
      id: "wechat",
      name: "WeChat",
      type: "oauth",
      checks: ["state"],
      authorization: {
        // WeChat's pages end every authorization URL with this fragment.
        url: website
          ? "https://open.weixin.qq.com/connect/qrconnect#wechat_redirect"
          : "https://open.weixin.qq.com/connect/oauth2/authorize#wechat_redirect",
        params: { scope: website ? "snsapi_login" : catalogue.scopes },
      },
      clientIdParameter: "appid",
      // WeChat matches the link against its documented form, parameter order included.
      authorizationQueryOrder: ["appid", "redirect_uri", "response_type", "scope", "state"],
      // WeChat takes at most 128 bytes of letters and digits as `state`.
      compactState: true,
      token: { url: "https://api.weixin.qq.com/sns/oauth2/access_token", request: redeem, conform },
      userinfo: { url: userinfoUrl, request: userinfo },
      profile: (profile) => ({
        id: profile.unionid ?? profile.openid,
        name: profile.nickname || null,
        email: null,
        image: profile.headimgurl || null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
