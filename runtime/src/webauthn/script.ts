/**
 * The browser side of the built-in sign-in page's passkey form, served by the runtime itself at
 * `GET {base}/webauthn-script.js` (same origin, so the page's CSP names it exactly; nothing
 * from a CDN). It converts the server's WebAuthn JSON options to the binary form
 * `navigator.credentials.create/get` take, and the resulting credential back to JSON.
 *
 * For each `form[data-webauthn-options]`:
 * - on load, with conditional UI, it asks for `authenticate` options and offers the passkeys in
 *   the email field's autofill (`mediation: "conditional"`);
 * - "Sign in with …" lets the server decide (table in `options.ts`); "Create a passkey" asks
 *   for `register` (a new account for the typed email, or a new passkey for the signed-in user);
 * - the credential goes into the hidden `action` and `data` inputs and the form is submitted.
 *
 * @module webauthn/script
 */

const source = String.raw`(() => {
  "use strict";
  const toBytes = (value) => {
    const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64 + "===".slice((base64.length + 3) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  };
  const toBase64url = (buffer) => {
    const bytes = new Uint8Array(buffer);
    let binary = "";
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const descriptors = (list) =>
    (list || []).map((c) => ({ ...c, id: toBytes(c.id) }));
  const creationOptions = (o) => ({
    ...o,
    challenge: toBytes(o.challenge),
    user: { ...o.user, id: toBytes(o.user.id) },
    excludeCredentials: descriptors(o.excludeCredentials),
  });
  const requestOptions = (o) => ({
    ...o,
    challenge: toBytes(o.challenge),
    allowCredentials: descriptors(o.allowCredentials),
  });
  const credentialJSON = (credential) => {
    const r = credential.response;
    const response = { clientDataJSON: toBase64url(r.clientDataJSON) };
    if (r.attestationObject) {
      response.attestationObject = toBase64url(r.attestationObject);
      if (typeof r.getTransports === "function") response.transports = r.getTransports();
    } else {
      response.authenticatorData = toBase64url(r.authenticatorData);
      response.signature = toBase64url(r.signature);
      if (r.userHandle) response.userHandle = toBase64url(r.userHandle);
    }
    return {
      id: credential.id,
      rawId: toBase64url(credential.rawId),
      type: credential.type,
      response,
      clientExtensionResults: credential.getClientExtensionResults(),
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
    };
  };

  const setup = (form) => {
    const status = form.querySelector("[data-webauthn-status]");
    const say = (text) => { if (status) status.textContent = text; };
    let pending;
    const run = async (action, conditional) => {
      if (pending) pending.abort();
      const controller = new AbortController();
      pending = controller;
      const params = new URLSearchParams();
      if (action) params.set("action", action);
      for (const field of form.querySelectorAll("[data-form-field]")) {
        if (field.value) params.set(field.name, field.value);
      }
      try {
        const res = await fetch(form.dataset.webauthnOptions + "?" + params, {
          credentials: "same-origin",
          headers: { accept: "application/json" },
        });
        if (!res.ok) {
          if (!conditional) say(res.status === 400 ? "Enter the email of a new account, or sign in first to add a passkey." : "Passkeys are unavailable right now.");
          return;
        }
        const answer = await res.json();
        const credential = answer.action === "authenticate"
          ? await navigator.credentials.get({
              publicKey: requestOptions(answer.options),
              signal: controller.signal,
              ...(conditional ? { mediation: "conditional" } : {}),
            })
          : await navigator.credentials.create({
              publicKey: creationOptions(answer.options),
              signal: controller.signal,
            });
        if (!credential) return;
        form.elements.namedItem("action").value = answer.action;
        form.elements.namedItem("data").value = JSON.stringify(credentialJSON(credential));
        form.submit();
      } catch (error) {
        if (controller.signal.aborted || (error && error.name === "AbortError")) return;
        if (!conditional) say("The passkey was not used. Try again.");
      } finally {
        if (pending === controller) pending = undefined;
      }
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const register = event.submitter && event.submitter.dataset.webauthnAction === "register";
      run(register ? "register" : undefined, false);
    });
    if (
      form.hasAttribute("data-webauthn-conditional") &&
      window.PublicKeyCredential &&
      typeof PublicKeyCredential.isConditionalMediationAvailable === "function"
    ) {
      PublicKeyCredential.isConditionalMediationAvailable().then((ok) => {
        if (ok) run("authenticate", true);
      });
    }
  };

  const start = () => {
    if (!window.PublicKeyCredential) return;
    for (const form of document.querySelectorAll("form[data-webauthn-options]")) setup(form);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
`;

/** The script's source, as served. */
export const webAuthnScript = source;

/** The response for `GET {base}/webauthn-script.js`: cacheable, typed, never sniffed. */
export function webAuthnScriptResponse() {
  return {
    status: 200,
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
    },
    cookies: [],
    body: webAuthnScript,
  };
}
