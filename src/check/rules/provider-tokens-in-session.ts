import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { callback, configSyntax, type FunctionSyntax } from "../config-syntax.js";
import type { Rule } from "../types.js";

/** The provider's tokens, as the account holds them and as people usually rename them. */
const PROVIDER_TOKEN = /^(access_token|refresh_token|id_token|accessToken|refreshToken|idToken)$/;
const FROM_ACCOUNT = /\baccount\??\.(access_token|refresh_token|id_token)\b|\.\.\.account\b/;

/** The keys the `jwt` callback stores the provider's tokens under (`token.accessToken = account.access_token`). */
function keysCarried(jwt: FunctionSyntax | undefined): Set<string> {
  const keys = new Set<string>();
  if (!jwt) return keys;
  for (const node of jwt.getDescendants()) {
    if (
      Node.isBinaryExpression(node) &&
      node.getOperatorToken().getKind() === SyntaxKind.EqualsToken
    ) {
      const target = node.getLeft();
      if (FROM_ACCOUNT.test(node.getRight().getText()) && Node.isPropertyAccessExpression(target))
        keys.add(target.getName());
    }
    if (
      Node.isPropertyAssignment(node) &&
      FROM_ACCOUNT.test(node.getInitializer()?.getText() ?? "")
    )
      keys.add(node.getName());
  }
  return keys;
}

/** Whether a node's value flows into something (an assignment's right side, an object property). */
function flows(node: Node): boolean {
  let current = node;
  for (let parent = node.getParent(); parent; parent = parent.getParent()) {
    if (Node.isBinaryExpression(parent)) {
      const operator = parent.getOperatorToken().getKind();
      if (operator === SyntaxKind.EqualsToken) return parent.getRight() === current;
      if (operator !== SyntaxKind.QuestionQuestionToken && operator !== SyntaxKind.BarBarToken)
        return false;
    } else if (
      Node.isPropertyAssignment(parent) ||
      Node.isSpreadAssignment(parent) ||
      Node.isShorthandPropertyAssignment(parent) ||
      Node.isReturnStatement(parent)
    )
      return true;
    else if (
      !Node.isAsExpression(parent) &&
      !Node.isParenthesizedExpression(parent) &&
      !Node.isConditionalExpression(parent) &&
      !Node.isNonNullExpression(parent)
    )
      return false;
    current = parent;
  }
  return false;
}

/**
 * A `session` callback that copies the provider's tokens (`access_token`, `refresh_token`,
 * `id_token`, or what the `jwt` callback stored them as) into the session. A warning: calling
 * the provider's API from the browser can be the design (Auth.js's guide shows it), but a
 * refresh or ID token there never is.
 */
export const providerTokensInSession: Rule = {
  id: "provider-tokens-in-session",
  severity: "warning",
  summary: "A `session` callback puts the provider's access, refresh or ID token in the session.",
  check(context) {
    const syntax = configSyntax(context);
    const session = syntax && callback(syntax, "session");
    if (!session) return [];
    const carried = keysCarried(callback(syntax, "jwt"));
    const exposed = session.getDescendants().find((node) => {
      // `token.accessToken`, `token.access_token`, `account.refresh_token` …
      if (Node.isPropertyAccessExpression(node)) {
        const name = node.getName();
        const holder = node.getExpression().getText();
        return (
          /^(token|account)$/.test(holder) &&
          (PROVIDER_TOKEN.test(name) || carried.has(name)) &&
          flows(node)
        );
      }
      // The whole token (`...token`, `session.token = token`) once the jwt callback put tokens in it.
      return (
        carried.size > 0 &&
        Node.isIdentifier(node) &&
        node.getText() === "token" &&
        !Node.isPropertyAccessExpression(node.getParent()) &&
        flows(node)
      );
    });
    if (!exposed) return [];
    return [
      {
        file: context.setup.config.file,
        line: exposed.getStartLineNumber(),
        message: `The session callback sends \`${exposed.getText()}\` (a provider token) to the browser.`,
        why: "The session is readable by every script on the page (/auth/session, useSession): an XSS or a compromised dependency gets an access token to the user's account at the provider, and a refresh token keeps it long after the session ends. In the encrypted JWT cookie the tokens were out of reach.",
        fix: "Keep the tokens in the jwt callback's token (or the database) and call the provider's API from the server, reading them there with getToken(); send the browser only what it displays.",
      },
    ];
  },
};
