import { place } from "../helpers.js";
import type { Rule } from "../types.js";

export const authUrlInvalid: Rule = {
  id: "auth-url-invalid",
  severity: "error",
  summary: "AUTH_URL is not an http(s) URL.",
  check(context) {
    const url = context.env.get("AUTH_URL");
    if (!url?.value) return [];
    try {
      const parsed = new URL(url.value);
      if (parsed.protocol === "https:" || parsed.protocol === "http:") return [];
    } catch {
      // Not a URL at all.
    }
    return [
      {
        ...place(url),
        message: `AUTH_URL="${url.value}" is not an http(s) URL.`,
        why: "The runtime ignores it and falls back to the request's Host: links and callback URLs are not what you set.",
        fix: "Write the app's public URL with its scheme, e.g. AUTH_URL=https://app.example.com.",
      },
    ];
  },
};
