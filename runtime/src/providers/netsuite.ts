/**
 * NetSuite (OAuth 2, one account per app). Set `accountID`, or `issuer` /
 * `AUTH_NETSUITE_ISSUER` to `https://<ACCOUNT_ID>.app.netsuite.com`, and `userinfo` to a RESTlet
 * of yours that returns the signed-in user. Callback URL: `{origin}{base}/callback/netsuite`.
 *
 * @module providers/netsuite
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { conformJson } from "./conform.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "netsuite",
  name: "NetSuite",
  kind: "oauth",
  importName: "NetSuite",
  console: "your NetSuite account: Setup → Integration → Manage Integrations",
  needsIssuer: true,
  issuerFormat: "https://<ACCOUNT_ID>.app.netsuite.com",
  options:
    "`accountID` (e.g. `1234567`, or `1234567_SB1` for a sandbox) instead of the issuer; `userinfo` (required): the URL of a RESTlet or Suitelet of yours that answers the signed-in user as JSON with `id`, `name`, `email`",
  scopes: "restlets rest_webservices",
  checks: ["state"],
  quirks:
    "Endpoints live on the account's own hosts; NetSuite has no user-profile endpoint, so the profile comes from a script you deploy; the token answer's `expires_in` may be a string, and is made a number.",
  brandColor: { light: "#125580", dark: "#4b93c4" },
  logo: monogramLogo("NS", "#125580", "#4b93c4"),
});

/** What your `userinfo` script answers: at least an `id`. */
export interface NetSuiteProfile {
  id: number | string;
  name?: string;
  email?: string;
  location?: unknown;
  role?: unknown;
  [field: string]: unknown;
}

export interface NetSuiteOptions extends OAuthUserConfig<NetSuiteProfile> {
  /** The account id (`1234567`, or `1234567_SB1` for a sandbox). Default: from `issuer`. */
  accountID?: string;
}

/** The account id as NetSuite's host names spell it: lower case, `_` as `-`. */
function accountHost({ accountID, issuer }: NetSuiteOptions): string {
  const id = accountID ?? /^https:\/\/([^./]+)\.app\.netsuite\.com\/?$/i.exec(issuer ?? "")?.[1];
  return (id ?? "").toLowerCase().replaceAll("_", "-");
}

/** `expires_in` as a number (JSON numbers are what RFC 6749 §5.1 and the runtime expect). */
const conform = conformJson((body, response) =>
  response.ok && typeof body.expires_in === "string" && /^\d+$/.test(body.expires_in)
    ? { body: { ...body, expires_in: Number(body.expires_in) } }
    : undefined,
);

/** NetSuite sign-in. */
export default function NetSuite(options: NetSuiteOptions = {}): OAuthConfig<NetSuiteProfile> {
  const { accountID: _accountID, ...rest } = options;
  const account = accountHost(options);
  return preset<NetSuiteProfile>(
    {
      id: "netsuite",
      name: "NetSuite",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: `https://${account}.app.netsuite.com/app/login/oauth2/authorize.nl`,
        params: { scope: catalogue.scopes },
      },
      token: {
        url: `https://${account}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
        conform,
      },
      userinfo: {
        request() {
          throw new TypeError(
            "NetSuite needs `userinfo`: the URL of your RESTlet or Suitelet that returns the signed-in user",
          );
        },
      },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    rest,
  );
}
