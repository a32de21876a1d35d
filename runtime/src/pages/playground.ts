/**
 * The playground's authorize page: pick a test user (or type one) to sign in with, in place of
 * the real provider's consent screen. Development only, and labelled so.
 *
 * @module pages/playground
 */
import type { Theme } from "../types.js";
import { escapeHtml } from "./escape.js";
import { formAction, hiddenInput, renderDocument } from "./layout.js";
import type { RenderedPage } from "./types.js";

/** A ready-made test user offered as one button. */
export interface PlaygroundUser {
  id: string;
  name: string;
  email: string;
}

/**
 * The page for one authorization request: a button per test user, a form for a typed name and
 * email, and a button that cancels (the app then receives `access_denied`). `params` are the
 * validated authorization request parameters, posted back with the choice. Status 200.
 */
export function playgroundPage(p: {
  providerName: string;
  action: string;
  params: Record<string, string>;
  users: PlaygroundUser[];
  theme: Theme;
}): RenderedPage {
  const hidden = Object.entries(p.params)
    .map(([name, value]) => hiddenInput(name, value))
    .join("");
  const action = formAction(p.action);
  const name = escapeHtml(p.providerName);
  const users = p.users
    .map(
      (user, index) =>
        `<button type="submit" class="provider" name="user" value="${escapeHtml(user.id)}"${index === 0 ? " autofocus" : ""}>` +
        `Continue as ${escapeHtml(user.name)} (${escapeHtml(user.email)})</button>`,
    )
    .join("");
  const card =
    `<h1>Sign in with ${name}</h1>` +
    `<div class="notice" role="note"><p><strong>Playground — development only</strong>, no real ${name} account is used. ` +
    `Pick a test user; the app receives a real signed ID token for it.</p></div>` +
    `<form method="post" action="${action}" aria-label="Test users">${hidden}${users}</form>` +
    `<hr>` +
    `<form method="post" action="${action}" aria-label="Another test user">${hidden}` +
    `<div class="field"><label for="playground-name">Name</label>` +
    `<input id="playground-name" name="name" type="text" autocomplete="off" required maxlength="100"></div>` +
    `<div class="field"><label for="playground-email">Email</label>` +
    `<input id="playground-email" name="email" type="email" autocomplete="off" required maxlength="200"></div>` +
    `<button type="submit">Continue as this user</button></form>` +
    `<hr>` +
    `<form method="post" action="${action}" aria-label="Cancel">${hidden}` +
    `<button type="submit" class="provider" name="cancel" value="1">Cancel</button></form>`;
  return {
    status: 200,
    html: renderDocument({
      title: `Playground: sign in with ${p.providerName}`,
      theme: p.theme,
      card,
    }),
  };
}
