/** What the soak's app and its workload agree on. */

/** The password every credentials user of the workload has (any other one fails). */
export const PASSWORD = "soak-password";
/** Addresses whose magic links the workload clicks; every other link is never opened. */
export const CLICK_DOMAIN = "@click.soak.test";
/** The secret both variants' apps use. */
export const SECRET = "soak-secret-0123456789-0123456789-0123456789";
