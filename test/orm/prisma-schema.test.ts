import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "../../src/errors.js";
import {
  CLIENT_MODULE,
  datasource,
  GENERATOR,
  POST_MODEL,
  packageJson,
  planIn,
  schema,
  schemaCases,
  scratchRoot,
} from "./prisma-fixtures.js";

// planSchema on schemas as apps write them: what ends up in the files and the manual steps.
// test/orm/prisma-cli.test.ts runs the real `prisma validate` and `prisma format` on the same cases.

const scratch = scratchRoot("prisma-schema-");
afterAll(() => scratch.cleanup());

const byName = (name: string) => {
  const found = schemaCases.find((c) => c.name.startsWith(name));
  if (!found) throw new Error(name);
  return found;
};

/** The text of `model Name { … }` in a file. */
function model(text: string, name: string): string {
  const match = new RegExp(`^model ${name} \\{\\n[\\s\\S]*?\\n\\}`, "m").exec(text);
  if (!match) throw new Error(`no model ${name} in:\n${text}`);
  return match[0];
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

function planned(name: string) {
  const root = scratch.make(byName(name).files);
  const set = planIn(root);
  const file = (path: string) => set.files.find((f) => f.path === path);
  return { root, set, file };
}

describe("Prisma schema: the auth models written into the app's schema", () => {
  it("adds User and the four auth models to a schema without models, with cuid ids", () => {
    const { file } = planned("fresh");
    const after = file("prisma/schema.prisma")!.after;
    for (const name of ["User", "Account", "Session", "VerificationToken", "Authenticator"])
      expect(count(after, new RegExp(`^model ${name} \\{`, "gm"))).toBe(1);
    expect(model(after, "User")).toMatch(/^ {2}id +String +@id @default\(cuid\(\)\)$/m);
    expect(model(after, "User")).toMatch(/^ {2}email +String\? +@unique$/m);
    expect(model(after, "Account")).toContain("@@unique([provider, providerAccountId])");
    expect(model(after, "VerificationToken")).toContain("@@id([identifier, token])");
    expect(model(after, "Authenticator")).toMatch(/^ {2}credentialID +String +@unique$/m);
  });

  it("extends the app's User (cuid) in place: its comments, fields and other models stay", () => {
    const { file } = planned("User with cuid");
    const before = byName("User with cuid").files["prisma/schema.prisma"]!;
    const after = file("prisma/schema.prisma")!.after;
    expect(count(after, /^model User \{/gm)).toBe(1);
    const user = model(after, "User");
    expect(after).toContain("/// People who use the app.\nmodel User {");
    expect(user).toMatch(/^ {2}email +String +@unique \/\/ their login$/m);
    expect(user).not.toMatch(/email +String\?/);
    for (const field of [
      "name +String\\?",
      "emailVerified +DateTime\\?",
      "image +String\\?",
      "accounts +Account\\[\\]",
      "sessions +Session\\[\\]",
      "Authenticator +Authenticator\\[\\]",
    ])
      expect(user).toMatch(new RegExp(`^ {2}${field}$`, "m"));
    // Everything before the User model and the Post model are byte-for-byte the same.
    expect(after.startsWith(before.slice(0, before.indexOf("/// People")))).toBe(true);
    expect(after).toContain(POST_MODEL());
    expect(model(after, "Account")).toMatch(/^ {2}userId +String$/m);
    expect(model(after, "Session")).toMatch(/^ {2}id +String +@id @default\(cuid\(\)\)$/m);
  });

  it("follows uuid ids into the foreign keys, with the native uuid column type", () => {
    const { file } = planned("User with uuid");
    const after = file("prisma/schema.prisma")!.after;
    for (const name of ["Account", "Session"]) {
      expect(model(after, name)).toMatch(/^ {2}id +String +@id @default\(uuid\(\)\) @db\.Uuid$/m);
      expect(model(after, name)).toMatch(/^ {2}userId +String +@db\.Uuid$/m);
    }
    expect(model(after, "Authenticator")).toMatch(/^ {2}userId +String +@db\.Uuid$/m);
    expect(model(after, "User")).toContain('@@map("users")');
  });

  it("follows integer ids, and stores long tokens as TEXT on MySQL", () => {
    const { file } = planned("User with integer");
    const after = file("prisma/schema.prisma")!.after;
    const account = model(after, "Account");
    expect(account).toMatch(/^ {2}id +Int +@id @default\(autoincrement\(\)\)$/m);
    expect(account).toMatch(/^ {2}userId +Int$/m);
    for (const token of ["refresh_token", "access_token", "id_token"])
      expect(account).toMatch(new RegExp(`^ {2}${token} +String\\? +@db\\.Text$`, "m"));
    expect(model(after, "Authenticator")).toMatch(/^ {2}credentialPublicKey +String +@db\.Text$/m);
    // The app's `name String?` is kept, not added twice.
    expect(count(model(after, "User"), /^ {2}name /gm)).toBe(1);
  });

  it("leaves a non-unique email and the app's required fields to the user, saying why", () => {
    const { file, set } = planned("User with an email");
    const user = model(file("prisma/schema.prisma")!.after, "User");
    expect(user).toMatch(/^ {2}email +String$/m);
    expect(count(user, /^ {2}email /gm)).toBe(1);
    const manual = set.manual.join("\n");
    expect(manual).toMatch(/User\.email is not unique/);
    expect(manual).toMatch(/required fields auth cannot fill \(username String, password String\)/);
    // A field with a default (role) and relation lists (posts) are not in the way.
    expect(manual).not.toMatch(/role|posts/);
  });

  it("puts the auth models in auth.prisma of a multi-file schema and extends User where it is", () => {
    const { file, set } = planned("multi-file");
    expect(set.files.map((f) => f.path).sort()).toEqual([
      "prisma/schema/auth.prisma",
      "prisma/schema/user.prisma",
    ]);
    const auth = file("prisma/schema/auth.prisma")!;
    expect(auth.before).toBeUndefined();
    expect(auth.after).not.toMatch(/^model User /m);
    for (const name of ["Account", "Session", "VerificationToken", "Authenticator"])
      expect(auth.after).toContain(`model ${name} {`);
    expect(model(file("prisma/schema/user.prisma")!.after, "User")).toMatch(
      /^ {2}accounts +Account\[\]$/m,
    );
  });

  it("names the Session relation differently when User.sessions is the app's own", () => {
    const { file } = planned("User.sessions");
    const user = model(file("prisma/schema.prisma")!.after, "User");
    expect(user).toMatch(/^ {2}sessions +UserSession\[\]$/m);
    expect(user).toMatch(/^ {2}authSessions +Session\[\]$/m);
    expect(user).toMatch(/^ {2}accounts +Account\[\]$/m);
  });

  it("keeps Windows line endings", () => {
    const crlf = byName("User with cuid").files["prisma/schema.prisma"]!.replaceAll("\n", "\r\n");
    const root = scratch.make({ ...byName("User with cuid").files, "prisma/schema.prisma": crlf });
    const after = planIn(root).files[0]!.after;
    expect(after).toContain("model Account {\r\n");
    expect(after).toMatch(/^ {2}accounts +Account\[\]\r$/m);
    expect(after.replaceAll("\r\n", "")).not.toContain("\n");
  });

  it.each(
    schemaCases.map((c) => [c.name, c] as const),
  )("changes nothing on a second run: %s", (_name, schemaCase) => {
    const root = scratch.make(schemaCase.files);
    for (const change of planIn(root).files) writeFileSync(join(root, change.path), change.after);
    expect(planIn(root).files).toEqual([]);
  });
});

describe("Prisma schema: models of the app that take auth's names", () => {
  const project = (models: string) =>
    scratch.make({
      "package.json": packageJson(),
      "src/db.ts": CLIENT_MODULE,
      "prisma/schema.prisma": schema(GENERATOR, datasource("postgresql"), models),
    });
  const refusal = (root: string) => {
    try {
      planIn(root);
    } catch (error) {
      return error as CliError;
    }
    throw new Error("planSchema did not refuse");
  };

  it("refuses an Account model for billing, naming it and what to do", () => {
    const error = refusal(
      project(`model Account {
  id      Int @id @default(autoincrement())
  balance Int
}`),
    );
    expect(error).toBeInstanceOf(CliError);
    expect(error.code).toBe("prisma_model_clash");
    expect(error.message).toMatch(/model Account of its own .*prisma\.account.*Rename yours/);
  });

  it("refuses a lower-case session model (the same prisma.session delegate)", () => {
    const error = refusal(
      project(`model session {
  id   Int    @id @default(autoincrement())
  data String
}`),
    );
    expect(error.code).toBe("prisma_model_clash");
  });

  it("refuses an app model stored in the table auth's Session needs", () => {
    const error = refusal(
      project(`model Visit {
  id Int @id @default(autoincrement())

  @@map("Session")
}`),
    );
    expect(error.code).toBe("prisma_table_clash");
  });

  it("reports User fields of the adapter's names with another type or required", () => {
    const root = project(`model User {
  id            String  @id @default(cuid())
  email         String? @unique
  name          String
  emailVerified Boolean @default(false)
}`);
    const set = planIn(root);
    const manual = set.manual.join("\n");
    expect(manual).toMatch(/User\.emailVerified is Boolean, and the adapter stores a DateTime/);
    expect(manual).toMatch(/User\.name is required, .* make it optional \(String\?\)/);
    const user = model(set.files[0]!.after, "User");
    expect(count(user, /^ {2}emailVerified /gm)).toBe(1);
    expect(user).toMatch(/^ {2}emailVerified +Boolean +@default\(false\)$/m);
  });

  it("keeps auth models the app already has, and reports the fields they lack", () => {
    const root = project(`model User {
  id    String  @id @default(cuid())
  email String? @unique
}

model VerificationToken {
  identifier String
  token      String @unique
}`);
    const set = planIn(root);
    const after = set.files[0]!.after;
    expect(count(after, /^model VerificationToken \{/gm)).toBe(1);
    expect(set.manual.join("\n")).toMatch(
      /VerificationToken model lacks expires, @@unique\(\[identifier, token\]\)/,
    );
  });
});
