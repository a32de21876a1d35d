import { describe } from "../helpers.js";
import { isPlaceholder, weakSecretRule } from "../weak-secret.js";

export const secretPlaceholder = weakSecretRule({
  id: "secret-placeholder",
  summary: "A session secret that is a placeholder (changeme, your-secret, <…>, a pasted command).",
  weak: isPlaceholder,
  message: (v) => `${describe(v)} is a placeholder ("${v.value.slice(0, 24)}").`,
  why: "Placeholders are public: anyone who knows one can forge a session cookie for any user.",
});
