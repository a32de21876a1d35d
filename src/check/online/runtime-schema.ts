/** A table the runtime's schema creates, with the columns it reads and writes. */
export interface ExpectedTable {
  name: string;
  columns: string[];
}

const TABLE = /CREATE TABLE IF NOT EXISTS ("?)(\w+)\1 \(([\s\S]*?)\n\)/g;
const CONSTRAINT = /^(PRIMARY KEY|UNIQUE|FOREIGN KEY|CONSTRAINT|CHECK)\b/i;

/**
 * The tables and columns of the runtime's schema, read from the SQL script the installed
 * `@create-auth/runtime/adapters/postgres` exports (`schema`): what this project's runtime
 * version queries, not what this CLI was built with.
 */
export function expectedTables(schema: string): ExpectedTable[] {
  return [...schema.matchAll(TABLE)].map((match) => ({
    name: match[2]!,
    columns: match[3]!
      .split(/,\s*\n/)
      .map((line) => line.trim())
      .filter((line) => line && !CONSTRAINT.test(line))
      .map((line) => /^"([^"]+)"|^(\w+)/.exec(line))
      .flatMap((found) => (found ? [found[1] ?? found[2]!] : [])),
  }));
}
