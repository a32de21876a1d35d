import type { Page } from "playwright-core";

/**
 * From the app's built-in sign-in page, clicks "Sign in with <provider>" and then through the
 * local OpenID provider's (oidc-provider's development) login and consent pages, as needed,
 * until `done` holds for the page's URL.
 */
export async function signInThroughProvider(
  page: Page,
  signInPage: string,
  provider: string,
  login: string,
  done: (url: URL) => boolean,
) {
  await page.goto(signInPage);
  await page.getByRole("button", { name: `Sign in with ${provider}` }).click();
  for (let step = 0; step < 4; step++) {
    await page.waitForLoadState("domcontentloaded");
    if (done(new URL(page.url()))) return;
    const submit = page.locator('button[type="submit"]');
    if (await page.locator('input[name="login"]').count()) {
      await page.fill('input[name="login"]', login);
      await page.fill('input[name="password"]', "anything");
      await Promise.all([page.waitForNavigation(), submit.click()]);
    } else if (await submit.count()) {
      await Promise.all([page.waitForNavigation(), submit.click()]);
    } else break;
  }
  await page.waitForURL(done, { timeout: 15_000 });
}
