import type { Rule } from "../../../check/types.js";
import { parse } from "../../../syntax/parse.js";
import { Node, SyntaxKind } from "../../../syntax/ts-morph.js";
import { unwrap } from "../../../syntax/values.js";
import { honoMounts, mountCall } from "../hono-mounts.js";

/**
 * Hono: the auth route registered on a sub-app after that sub-app was routed into its parent.
 * `parent.route(path, sub)` copies the routes `sub` has at that moment; later ones are never
 * served.
 */
export const honoSubAppOrder: Rule = {
  id: "hono-sub-app-order",
  severity: "error",
  summary:
    "Hono: the auth route is added to a sub-app after the sub-app was routed (never served).",
  check(context) {
    return honoMounts(context.setup).flatMap((mount) => {
      if (!mount.receiver) return [];
      const source = parse(context.text(mount.file), mount.file);
      const call = mountCall(source, mount);
      if (!call) return [];
      const routed = source.getDescendantsOfKind(SyntaxKind.CallExpression).find((earlier) => {
        const callee = earlier.getExpression();
        return (
          earlier.getStart() < call.getStart() &&
          Node.isPropertyAccessExpression(callee) &&
          callee.getName() === "route" &&
          unwrap(earlier.getArguments()[1])?.getText() === mount.receiver
        );
      });
      if (!routed) return [];
      const line = routed.getStartLineNumber();
      return [
        {
          file: mount.file,
          line: mount.line,
          message: `HonoAuth is added to ${mount.receiver} (line ${mount.line}) after \`${routed.getText().split("\n")[0]}\` (line ${line}) copied ${mount.receiver}'s routes: the endpoints are never served.`,
          why: "app.route(path, sub) copies the routes sub has at that moment; routes added to sub afterwards are not part of the app.",
          fix: `Move the HonoAuth line above line ${line}, or mount HonoAuth on the root app.`,
        },
      ];
    });
  },
};
