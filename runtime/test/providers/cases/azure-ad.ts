import { defineCase } from "../case.js";
import entraId from "./microsoft-entra-id.js";

// Azure AD is the former name of Microsoft Entra ID: the same endpoints, answers and claims
// (see the pages cited in ./microsoft-entra-id.ts), reached with the older `tenantId` option,
// from which the preset builds the same tenant's issuer.
const tenant = "9188040d-6c67-4c5b-b112-36a304b66dad";
export default defineCase({ ...entraId, options: { tenantId: tenant } });
