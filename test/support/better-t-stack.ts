import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { linkIn, startSmtpServer } from "../../runtime/test/email/smtp.js";
import { HttpTestClient } from "../../runtime/test/helpers.js";
import {
  type StartedProcess,
  startDetached,
  waitForHttp,
} from "../../runtime/test/support/process.js";
import { npmEnv, run } from "./corpus.js";

// Projects made by create-better-t-stack (a monorepo: the Express app in apps/server, the ORM in
// packages/db, one .env in apps/server that both read), their throwaway
// databases, and driving the app the way its user does. test/corpus/README.md says why this
// generator, at this version, and what it makes.

/**
 * The release generated with, and its own templates (the CLI takes them from
 * `@better-t-stack/template-generator` at `^` its version, so they are pinned beside it). Its
 * Drizzle apps use drizzle-orm 0.45 and drizzle-kit 0.31; the templates of 3.38 on use
 * drizzle-orm 1.0.0-rc, which no @auth/drizzle-adapter release loads (README.md). Later CLIs also
 * need Node 22 (3.38 loads execa 10, which calls `Set.prototype.union`; 3.41 on declare
 * `node >= 22.12`).
 */
export const generatorPackages = [
  "create-better-t-stack@3.27.0",
  "@better-t-stack/template-generator@3.27.0",
];

export type Database = "postgres" | "mysql" | "sqlite";

export interface Combination {
  backend: "express";
  orm: "drizzle" | "prisma";
  database: Database;
}

/** Generates the project in `parent`, answering every question by flag; returns its folder. */
export async function generate(parent: string, combination: Combination): Promise<string> {
  const name = `${combination.orm}-${combination.database}`;
  const generated = await run(
    "npm",
    [
      "exec",
      "--yes",
      ...generatorPackages.map((spec) => `--package=${spec}`),
      "--",
      "create-better-t-stack",
      "create",
      name,
      ...["--backend", combination.backend, "--runtime", "node"],
      ...["--database", combination.database, "--orm", combination.orm, "--db-setup", "none"],
      ...["--frontend", "none", "--api", "none", "--auth", "none", "--payments", "none"],
      ...["--addons", "none", "--examples", "none"],
      ...["--web-deploy", "none", "--server-deploy", "none"],
      ...["--package-manager", "npm", "--no-install", "--no-git", "--disable-analytics"],
    ],
    parent,
  );
  if (generated.exitCode !== 0) throw new Error(`create-better-t-stack failed:\n${generated.all}`);
  return join(parent, name);
}

/** A database of its own for one project, and SQL against it through the database's own client. */
export interface ThrowawayDatabase {
  url: string;
  /** Rows of a query, each a list of column texts. */
  query(sql: string): Promise<string[][]>;
  /** An identifier quoted for this database (`"user"` is reserved in PostgreSQL). */
  quote(identifier: string): string;
  drop(): Promise<void>;
}

const rows = (output: string) =>
  output
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.split("\t"));

async function exec(command: string, args: string[]) {
  const result = await execa(command, args, { reject: false, all: true });
  if (result.exitCode !== 0) throw new Error(`${command} ${args.join(" ")}:\n${result.all}`);
  return result.stdout;
}

/**
 * PostgreSQL and MariaDB on this machine (trust auth, root without password), a SQLite file in
 * the project folder.
 */
export async function throwawayDatabase(kind: Database, dir: string): Promise<ThrowawayDatabase> {
  const name = `orm_corpus_${randomBytes(4).toString("hex")}`;
  if (kind === "postgres") {
    const psql = (database: string, sql: string) =>
      exec("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", database, "-XAtF\t", "-c", sql]);
    await psql("postgres", `CREATE DATABASE ${name}`);
    return {
      url: `postgresql://postgres@127.0.0.1:5432/${name}`,
      query: async (sql) => rows(await psql(name, sql)),
      quote: (identifier) => `"${identifier}"`,
      drop: async () =>
        void (await psql("postgres", `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
    };
  }
  if (kind === "mysql") {
    const mysql = (sql: string, database?: string) =>
      exec("mysql", [
        "-h",
        "127.0.0.1",
        "-u",
        "root",
        "-NB",
        ...(database ? [database] : []),
        "-e",
        sql,
      ]);
    await mysql(`CREATE DATABASE ${name}`);
    return {
      url: `mysql://root@127.0.0.1:3306/${name}`,
      query: async (sql) => rows(await mysql(sql, name)),
      quote: (identifier) => `\`${identifier}\``,
      drop: async () => void (await mysql(`DROP DATABASE IF EXISTS ${name}`)),
    };
  }
  const file = join(dir, `${name}.db`);
  return {
    url: `file:${file}`,
    query: async (sql) => rows(await exec("sqlite3", ["-tabs", file, sql])),
    quote: (identifier) => `"${identifier}"`,
    drop: async () => {},
  };
}

/** The tables of a database that have an `email` column: where users land. */
export function tablesWithEmail(database: Database, db: ThrowawayDatabase): Promise<string[][]> {
  if (database === "sqlite")
    return db.query(
      "SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'email'",
    );
  const schema = database === "postgres" ? "current_schema()" : "DATABASE()";
  return db.query(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = ${schema} AND column_name = 'email'`,
  );
}

/** Points the app's env file (read by the server and by the db package's tools) at `url`. */
export function useDatabase(serverDir: string, url: string): void {
  const file = join(serverDir, ".env");
  const text = readFileSync(file, "utf8");
  if (!/^DATABASE_URL=/m.test(text)) throw new Error(`No DATABASE_URL in ${file}:\n${text}`);
  writeFileSync(file, text.replace(/^DATABASE_URL=.*$/m, `DATABASE_URL=${url}`));
}

/** The generated server listens on this port, written in its source. */
export const appOrigin = "http://127.0.0.1:3000";

const portInUse = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

let portQueue: Promise<unknown> = Promise.resolve();

const alive = (pid: number) => {
  if (!(pid > 0)) return true; // being written by its holder
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
};

/**
 * Port 3000 across test files, which run in separate worker processes: an exclusive lock file
 * holding the holder's pid, waited for; one left by a process that died is taken over.
 */
async function lockPort3000(): Promise<() => void> {
  const file = join(tmpdir(), "create-auth-tests-port-3000.lock");
  for (;;) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(file, "utf8"));
    } catch {}
    if (!alive(holder)) rmSync(file, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Runs `use` with the app started from its sources (its `dev` script without the watcher:
 * `tsx src/index.ts`), one app at a time since every generated app takes port 3000 (in this
 * process by a queue, across test files by a lock file).
 */
export function withApp<T>(
  serverDir: string,
  env: Record<string, string>,
  use: (app: StartedProcess) => Promise<T>,
): Promise<T> {
  const turn = portQueue.then(async () => {
    const release = await lockPort3000();
    try {
      if (await portInUse(3000)) throw new Error("Port 3000 is taken: the generated app needs it.");
      const app = startDetached(process.execPath, ["--import", "tsx", "src/index.ts"], {
        cwd: serverDir,
        env: { ...npmEnv, ...env },
      });
      try {
        await waitForHttp(appOrigin, app);
        return await use(app);
      } finally {
        await app.stop();
      }
    } finally {
      release();
    }
  });
  portQueue = turn.catch(() => {});
  return turn;
}

/**
 * A magic-link sign-in as a browser makes it: the form post with its CSRF token, the link from
 * the mail the SMTP server received, then the session the app answers.
 */
export async function signInByMail(
  smtp: Awaited<ReturnType<typeof startSmtpServer>>,
  email: string,
): Promise<unknown> {
  const client = new HttpTestClient(appOrigin);
  const csrfToken = await client.csrfToken();
  const requested = await client.request("/auth/signin/email", { form: { email, csrfToken } });
  if (requested.status !== 302) throw new Error(`Sign-in request answered ${requested.status}`);
  const mail = await smtp.nextMessage();
  const link = linkIn(mail);
  await client.request(`${link.pathname}${link.search}`);
  return client.session();
}

/**
 * The generated app started with a real SMTP server as its mail transport, and a magic-link
 * sign-in of `email` through it: the session the app then answers (its output on failure).
 */
export async function signInToApp(serverDir: string, email: string): Promise<unknown> {
  const smtp = await startSmtpServer();
  try {
    const env = { AUTH_EMAIL_SERVER: smtp.url, AUTH_EMAIL_FROM: "auth@corpus.example" };
    return await withApp(serverDir, env, (app) =>
      signInByMail(smtp, email).catch((error: Error) => {
        throw new Error(`${error.message}\n${app.output()}`);
      }),
    );
  } finally {
    await smtp.close();
  }
}
