import { describe, expect, it } from "vitest";
import AzureAD from "../../src/providers/azure-ad.js";

// Azure AD is Entra ID under its old name, with the old `tenantId` option: one tenant only.
describe("AzureAD's tenantId", () => {
  it("becomes the tenant's v2.0 issuer, unless an issuer is given", () => {
    const tenant = "9188040d-6c67-4c5b-b112-36a304b66dad";
    expect(AzureAD({ tenantId: tenant }).options?.issuer).toBe(
      `https://login.microsoftonline.com/${tenant}/v2.0`,
    );
    const issuer = "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0";
    expect(AzureAD({ tenantId: tenant, issuer }).options?.issuer).toBe(issuer);
    expect(AzureAD({ tenantId: tenant }).options).not.toHaveProperty("tenantId");
  });

  it.each(["common", "organizations", "Consumers"])("refuses the multi-tenant %s", (tenantId) => {
    expect(() => AzureAD({ tenantId })).toThrow(/multi-tenant, which is not supported/);
  });

  it("refuses a tenant id that is no directory id or domain", () => {
    expect(() => AzureAD({ tenantId: "x/../common" })).toThrow(/directory id or domain/);
  });
});
