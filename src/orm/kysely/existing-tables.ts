import type { CallExpression, SourceFile } from "ts-morph";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import type { DatabaseType, KnownColumn, UserTable } from "./info.js";

/** Names apps give their user table; `User` is the one @auth/kysely-adapter queries. */
const USER_TABLE = /^(User|Users|user|users)$/;

/** The literal text of a column-type argument: `"uuid"`, `sql\`varchar(36)\``, `"serial"`. */
function sqlType(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node))
    return node.getLiteralValue();
  if (Node.isTaggedTemplateExpression(node))
    return node.getTemplate().getText().replace(/^`|`$/g, "");
  return node.getText();
}

/** The `.addColumn(…)`/`.dropColumn(…)` calls chained on a `createTable`/`alterTable` call. */
function chainedColumns(call: CallExpression, columns: Map<string, KnownColumn>): void {
  let node: Node = call;
  for (;;) {
    const access = node.getParent();
    const next = access?.getParent();
    if (!Node.isPropertyAccessExpression(access) || !Node.isCallExpression(next)) return;
    const [nameArg, typeArg, builder] = next.getArguments();
    const name = Node.isStringLiteral(nameArg) ? nameArg.getLiteralValue() : undefined;
    if (name && access.getName() === "addColumn") {
      const modifiers = builder?.getText() ?? "";
      const required =
        /\bnotNull\(\)|\bprimaryKey\(\)/.test(modifiers) &&
        !/\bdefaultTo\(|\bgenerated|autoIncrement\(\)|\bidentity\(\)/.test(modifiers) &&
        !/serial/i.test(sqlType(typeArg) ?? "");
      columns.set(name, { name, sqlType: sqlType(typeArg), required });
    }
    if (name && access.getName() === "dropColumn") columns.delete(name);
    node = next;
  }
}

/** What the app's migrations say about its tables: the user table, the auth tables, uuid ids. */
export interface MigrationFacts {
  userTable: UserTable | undefined;
  /** The migration that already creates `VerificationToken`, when one does. */
  authMigration: string | undefined;
  uuidIds: boolean;
}

/**
 * Reads the app's migrations (in order) for the tables they build with the schema builder: the
 * user table's columns, whether auth's tables exist already, and whether ids are `uuid` columns.
 */
export function readMigrations(
  files: string[],
  parseFile: (path: string) => SourceFile,
): MigrationFacts {
  let userTable: UserTable | undefined;
  let authMigration: string | undefined;
  let uuidIds = false;
  for (const path of files) {
    const file = parseFile(path);
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      if (!Node.isPropertyAccessExpression(callee)) continue;
      const method = callee.getName();
      const [table] = call.getArguments();
      if (!Node.isStringLiteral(table) || !/^(createTable|alterTable)$/.test(method)) continue;
      const name = table.getLiteralValue();
      if (method === "createTable" && name === "VerificationToken") authMigration ??= path;
      const columns = new Map<string, KnownColumn>();
      chainedColumns(call, columns);
      if (/^uuid$/i.test(columns.get("id")?.sqlType ?? "")) uuidIds = true;
      if (!USER_TABLE.test(name)) continue;
      if (method === "createTable" && userTable?.name !== "User")
        userTable = {
          name,
          columns: [...columns.values()],
          evidence: `${path}:${call.getStartLineNumber()}`,
        };
      else if (method === "alterTable" && userTable?.name === name) {
        const merged = new Map(userTable.columns.map((column) => [column.name, column]));
        for (const [key, column] of columns) merged.set(key, column);
        userTable.columns = [...merged.values()];
      }
    }
  }
  return { userTable, authMigration, uuidIds };
}

/**
 * The user table as the hand-written `DB` interface declares it (`User: UserTable`, or
 * `users: { … }`), for apps whose migrations do not say (raw SQL, another tool). Columns typed
 * `Generated<…>`, optional or nullable need no value on insert.
 */
export function userTableFromTypes(
  file: SourceFile,
  database: DatabaseType,
): UserTable | undefined {
  const db = file.getInterface(database.name);
  const property = db?.getProperties().find((p) => USER_TABLE.test(p.getName()));
  if (!property) return undefined;
  const typeNode = property.getTypeNode();
  const rowName = Node.isTypeReference(typeNode) ? typeNode.getTypeName().getText() : undefined;
  const row = rowName ? file.getInterface(rowName) : undefined;
  const members =
    row?.getProperties() ?? (Node.isTypeLiteral(typeNode) ? typeNode.getProperties() : []);
  const columns = members.map((member) => {
    const type = member.getTypeNode()?.getText() ?? "";
    return {
      name: member.getName(),
      tsType: type,
      required:
        !member.hasQuestionToken() &&
        !/\bnull\b|Generated<|ColumnType<[^,]+,\s*[^,]*undefined/.test(type),
    };
  });
  return {
    name: property.getName(),
    columns,
    evidence: `${database.file}:${property.getStartLineNumber()}`,
    rowInterface: row?.getName(),
  };
}
