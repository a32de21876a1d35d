import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { callback, configSyntax, type FunctionSyntax, returnedValues } from "../config-syntax.js";
import type { Rule } from "../types.js";

/** What a check on the target looks like: the origin compared, or a call that judges it. */
const ORIGIN = /\b(baseUrl|origin|host|hostname)\b/;
/** `url.startsWith("/")` alone also lets `//evil.example` through (a protocol-relative URL). */
const SLASH_ONLY = /\.startsWith\(\s*["'`]\/["'`]\s*\)/;

/** The names that hold the callback's `url` argument: `{ url }`, `{ url: to }`, or `params.url`. */
function urlArgument(fn: FunctionSyntax): { names: Set<string>; holder: string | undefined } {
  const names = new Set<string>();
  const binding = fn.getParameters()[0]?.getNameNode();
  if (Node.isObjectBindingPattern(binding)) {
    for (const element of binding.getElements()) {
      const key = element.getPropertyNameNode()?.getText() ?? element.getName();
      if (key === "url") names.add(element.getName());
    }
    return { names, holder: undefined };
  }
  return { names, holder: Node.isIdentifier(binding) ? binding.getText() : undefined };
}

/** Whether an expression reads the target: one of `names`, or `holder.url`. */
function derived(node: Node, names: Set<string>, holder: string | undefined): boolean {
  const reads = (candidate: Node) => {
    if (Node.isIdentifier(candidate)) {
      const parent = candidate.getParent();
      const isName =
        (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === candidate) ||
        (Node.isPropertyAssignment(parent) && parent.getNameNode() === candidate);
      return !isName && names.has(candidate.getText());
    }
    return (
      Node.isPropertyAccessExpression(candidate) &&
      holder !== undefined &&
      candidate.getText() === `${holder}.url`
    );
  };
  return reads(node) || node.getDescendants().some(reads);
}

/** Whether a condition judges the target (compares an origin, or passes it to a check). */
function judges(condition: Node, value: Node): boolean {
  const text = condition.getText();
  if (ORIGIN.test(text)) return true;
  if (SLASH_ONLY.test(text) && !text.includes("//"))
    return /^(`\$\{\s*baseUrl\s*\}|baseUrl\s*\+)/.test(value.getText());
  return (
    Node.isCallExpression(condition) ||
    condition.getDescendantsOfKind(SyntaxKind.CallExpression).length > 0
  );
}

/** Whether a return sits under a condition that judges it: an enclosing or earlier `if`, a `?:`. */
function guarded(returned: Node, value: Node, fn: Node): boolean {
  let child = returned;
  for (let parent = returned.getParent(); parent && parent !== fn; parent = parent.getParent()) {
    if (Node.isIfStatement(parent) && child !== parent.getExpression()) {
      if (judges(parent.getExpression(), value)) return true;
    }
    if (Node.isConditionalExpression(parent) && child !== parent.getCondition()) {
      if (judges(parent.getCondition(), value)) return true;
    }
    if (Node.isBlock(parent)) {
      const statements = parent.getStatements();
      const before = statements.slice(0, statements.indexOf(child as never));
      if (before.some((s) => Node.isIfStatement(s) && judges(s.getExpression(), value)))
        return true;
    }
    child = parent;
  }
  return false;
}

/**
 * A `redirect` callback that returns its `url` (or a value made from it: a template, a
 * concatenation, `new URL(url)`) without judging its origin. An error: an open redirect on the
 * sign-in and sign-out endpoints, the step phishing needs.
 */
export const redirectCallbackOpen: Rule = {
  id: "redirect-callback-open",
  severity: "error",
  summary: "A `redirect` callback returns its `url` argument without checking the origin.",
  check(context) {
    const syntax = configSyntax(context);
    const fn = syntax && callback(syntax, "redirect");
    if (!fn) return [];
    const { names, holder } = urlArgument(fn);
    if (names.size === 0 && !holder) return [];
    // Follow the target through local variables (`const target = new URL(url)`).
    const declarations = fn.getDescendantsOfKind(SyntaxKind.VariableDeclaration);
    for (let grew = true; grew; ) {
      grew = false;
      for (const declaration of declarations) {
        const initializer = declaration.getInitializer();
        const name = declaration.getNameNode();
        if (!initializer || !Node.isIdentifier(name) || names.has(name.getText())) continue;
        if (derived(initializer, names, holder)) {
          names.add(name.getText());
          grew = true;
        }
      }
    }
    const unchecked = (value: Node, returned: Node): Node | undefined => {
      // `check(url) ? url : baseUrl`: each branch under its condition.
      if (Node.isConditionalExpression(value)) {
        const condition = value.getCondition();
        return [value.getWhenTrue(), value.getWhenFalse()]
          .filter((branch) => !judges(condition, branch))
          .map((branch) => unchecked(branch, returned))
          .find(Boolean);
      }
      return derived(value, names, holder) && !guarded(returned, value, fn) ? value : undefined;
    };
    const open = returnedValues(fn)
      .map(({ node, value }) => ({ node, value: value && unchecked(value, node) }))
      .find(({ value }) => value);
    if (!open?.value) return [];
    return [
      {
        file: context.setup.config.file,
        line: open.node.getStartLineNumber(),
        message: `The redirect callback returns \`${open.value.getText()}\`, made from its url argument, without checking its origin.`,
        why: "callbackUrl comes from the request: anyone can send a sign-in or sign-out link that ends on a site of theirs, under your domain's name (an open redirect, the step phishing needs).",
        fix: "Return the url only when it stays on the site: `if (new URL(url, baseUrl).origin === baseUrl) return new URL(url, baseUrl).href; return baseUrl;`, or remove the callback (the runtime does this).",
      },
    ];
  },
};
