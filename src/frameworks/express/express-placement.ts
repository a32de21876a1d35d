import type { Statement } from "ts-morph";
import type { ImportedBinding } from "../../syntax/imported-modules.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { declarationPlacement, lastEarly, type Placement } from "../mount-placement.js";

/**
 * What a statement after `express()` means for where the auth mount goes:
 * - `early`: global middleware that belongs before auth (security headers, logging, rate
 *   limits, body parsers, sessions, the app's own middleware modules);
 * - `late`: what must come after auth (routers, routes, 404 and error handlers, `listen`, the
 *   export): the first one ends the search;
 * - `neutral`: anything else (settings, static files, a database connection, a `const`): the
 *   mount may go before or after it, so it neither moves the mount nor stops the search.
 */

/** Route methods: `app.get("/", …)` answers requests, so auth must be mounted before it. */
const ROUTE_METHODS = new Set([
  "all",
  "delete",
  "get",
  "head",
  "options",
  "patch",
  "post",
  "put",
  "route",
  "listen",
]);

/**
 * Packages of global middleware that belong before auth even when mounted on a path
 * (`app.use("/api", rateLimit({…}))`). Without a path, any package's middleware counts.
 */
const EARLY_MODULES = new Set([
  "body-parser",
  "compression",
  "connect-timeout",
  "cookie-parser",
  "cookie-session",
  "cors",
  "csurf",
  "express-mongo-sanitize",
  "express-rate-limit",
  "express-session",
  "express-slow-down",
  "helmet",
  "hpp",
  "method-override",
  "morgan",
  "passport",
  "pino-http",
  "rate-limiter-flexible",
  "response-time",
]);

/** Names and module paths of handlers that answer or fail requests: routers, controllers. */
const ROUTER_WORDS = /rout|controller|\bapi\b|endpoint|handlers?\b|\bv\d\b/i;
/** Names and module paths of 404 and error handlers. */
const ERROR_WORDS = /error|not-?found|404|fallback/i;
/** Module paths of a project's own global middleware. */
const MIDDLEWARE_WORDS = /middlewares?\b|security|logg|limit|cors|helmet|parser|session|csrf/i;

/** Context shared by every classification in one file. */
interface Scope {
  app: string;
  modules: Map<string, ImportedBinding>;
  /** Local names bound to a call or expression (`const limiter = rateLimit({…})`). */
  values: Map<string, Node>;
}

function isRelative(module: string): boolean {
  return /^(\.|@\/|~\/|#)/.test(module) || module.startsWith("/");
}

/** `require("./x")` inline: its specifier. */
function inlineRequire(node: Node): string | undefined {
  if (!Node.isCallExpression(node) || node.getExpression().getText() !== "require") return;
  const [argument] = node.getArguments();
  return Node.isStringLiteral(argument) ? argument.getLiteralValue() : undefined;
}

function isStaticFiles(callee: string, module: string | undefined): boolean {
  return /^\w+\.static$/.test(callee) || module === "serve-static";
}

/** A handler passed to `app.use`: what it is, by its syntax, its name and its module. */
function classifyHandler(node: Node, scope: Scope, hasPath: boolean, depth = 0): Placement {
  if (Node.isFunctionExpression(node) || Node.isArrowFunction(node)) {
    // A path-scoped function answers that path; four parameters make an error handler.
    const parameters = node.getParameters();
    if (hasPath || parameters.length >= 4) return "late";
    const body = node.getBody().getText();
    if (/\b404\b|not ?found/i.test(body)) return "late";
    // The app's own middleware passes the request on (`next()`); a function that never does
    // answers it (a catch-all such as an SPA fallback), and auth behind it would never run.
    const third = parameters[2]?.getNameNode();
    const next = Node.isIdentifier(third) ? third.getText() : undefined;
    return next && new RegExp(`\\b${next}\\s*\\(`).test(body) ? "early" : "late";
  }
  const required = inlineRequire(node);
  if (required !== undefined) return classifyModule(required, "", hasPath);
  if (Node.isCallExpression(node)) {
    const callee = node.getExpression().getText();
    const head = callee.split(".")[0]!;
    const module = scope.modules.get(head)?.module;
    if (/^(\w+\.)?Router$/.test(callee)) return "late";
    if (isStaticFiles(callee, module)) return "neutral";
    // `require("./middleware/log")()`: a local middleware factory.
    const inner = inlineRequire(node.getExpression());
    if (inner !== undefined) return classifyModule(inner, "", hasPath);
    if (module === undefined) {
      if (scope.values.has(head) && depth < 3)
        return classifyHandler(scope.values.get(head)!, scope, hasPath, depth + 1);
      // A global or local function called for its middleware: by its name only.
      if (ERROR_WORDS.test(callee) || ROUTER_WORDS.test(callee)) return "late";
      return "early";
    }
    if (isRelative(module)) return classifyModule(module, callee, hasPath, true);
    // `errorHandler()` (the errorhandler package), `notFound()`: they answer, so they come last.
    if (ERROR_WORDS.test(`${module} ${callee}`)) return "late";
    if (module === "express")
      return /^\w+\.(json|urlencoded|text|raw)$/.test(callee) ? "early" : "neutral";
    // A package's middleware factory: helmet(), cors(), rateLimit({…}); on a path, only the
    // known ones (`app.use("/graphql", graphqlHTTP({…}))` answers that path).
    return !hasPath || EARLY_MODULES.has(module) || MIDDLEWARE_WORDS.test(callee)
      ? "early"
      : "late";
  }
  if (Node.isIdentifier(node) || Node.isPropertyAccessExpression(node)) {
    const name = node.getText();
    const head = name.split(".")[0]!;
    const value = scope.values.get(head);
    if (value && depth < 3) return classifyHandler(value, scope, hasPath, depth + 1);
    const module = scope.modules.get(head)?.module;
    if (module !== undefined) return classifyModule(module, name, hasPath);
    if (ERROR_WORDS.test(name) || ROUTER_WORDS.test(name)) return "late";
    return hasPath ? "late" : "neutral";
  }
  return hasPath ? "late" : "neutral";
}

/**
 * A handler that comes from a module: a router or error handler by its name or path, the
 * project's own middleware by its path (`./middleware/x`), a package's middleware otherwise.
 */
function classifyModule(module: string, name: string, hasPath: boolean, called = false): Placement {
  const words = `${module} ${name}`;
  if (ERROR_WORDS.test(words)) return "late";
  if (!isRelative(module)) return called || !hasPath ? "early" : "late";
  if (ROUTER_WORDS.test(words)) return "late";
  if (MIDDLEWARE_WORDS.test(words) || called) return "early";
  // An unknown module of the project's mounted on a path is a router; bare, it may be either.
  return hasPath ? "late" : "neutral";
}

/** `app.use(…)`, `app.get(…)`, `app.set(…)`: how one call on the app places the mount. */
function classifyAppCall(call: Node, scope: Scope): Placement | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getExpression().getText() !== scope.app)
    return undefined;
  const method = callee.getName();
  if (ROUTE_METHODS.has(method)) return "late";
  if (method !== "use") return "neutral";
  const args = call.getArguments();
  const first = args[0];
  const hasPath =
    first !== undefined &&
    (Node.isStringLiteral(first) ||
      Node.isNoSubstitutionTemplateLiteral(first) ||
      Node.isArrayLiteralExpression(first) ||
      Node.isRegularExpressionLiteral(first));
  const handlers = hasPath ? args.slice(1) : args;
  const kinds = handlers.map((handler) => classifyHandler(handler, scope, hasPath));
  if (kinds.includes("late")) return "late";
  return kinds.includes("early") ? "early" : "neutral";
}

/** How one statement after `express()` places the mount (see {@link Placement}). */
export function classifyStatement(node: Statement, scope: Scope): Placement {
  const declared = declarationPlacement(node);
  if (declared) return declared;
  if (/^module\.exports\b|^exports\.\w+\s*=/.test(node.getText())) return "late";
  const direct = Node.isExpressionStatement(node)
    ? classifyAppCall(node.getExpression(), scope)
    : undefined;
  if (direct) return direct;
  // A block, `if`, `try` or chained call: by the calls on the app inside it.
  const inside = node
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((call) => !call.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)))
    .map((call) => classifyAppCall(call, scope))
    .filter((kind) => kind !== undefined);
  if (inside.includes("late")) return "late";
  return inside.includes("early") ? "early" : "neutral";
}

/**
 * The statement the mount goes after: the last global middleware before the first router,
 * route, 404 or error handler, whatever sits between them; the app's own statement when no
 * middleware comes first.
 */
export function mountAnchor(
  appStatement: Statement,
  siblings: Statement[],
  app: string,
  modules: Map<string, ImportedBinding>,
): Statement {
  const values = new Map<string, Node>();
  for (const declaration of appStatement
    .getSourceFile()
    .getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
    const value = declaration.getInitializer();
    if (value && Node.isIdentifier(declaration.getNameNode()))
      values.set(declaration.getName(), value);
  }
  const scope: Scope = { app, modules, values };
  const after = siblings.slice(siblings.indexOf(appStatement) + 1);
  return lastEarly(appStatement, after, (node) => classifyStatement(node, scope));
}
