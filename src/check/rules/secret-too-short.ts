import { describe } from "../helpers.js";
import { isPlaceholder, weakSecretRule } from "../weak-secret.js";

export const secretTooShort = weakSecretRule({
  id: "secret-too-short",
  summary: "A session secret shorter than 32 characters.",
  weak: (value) => value.length < 32 && !isPlaceholder(value),
  message: (v) => `${describe(v)} is ${v.value.length} characters long; use at least 32.`,
  why: "The encryption key is derived from it: a short secret can be guessed offline from one session cookie.",
});
