/**
 * The SQL Prisma's migrate (`migrate dev` / `db push`) runs on MySQL for the models `init`
 * writes (src/orm/prisma/auth-models.ts), in the form `prisma migrate diff --script` prints:
 * String → VARCHAR(191), `@db.Text` → TEXT, DateTime → DATETIME(3), `@default(now())` →
 * CURRENT_TIMESTAMP(3), utf8mb4_unicode_ci tables, `<Model>_<fields>_key`/`_idx`/`_fkey` names,
 * cascading foreign keys.
 *
 * Prisma's migrate cannot run for MySQL on these machines (docs/orm.md#compatibility: no MySQL
 * connector in its Wasm schema engine, the native one is downloaded), so the tests apply this
 * where the user would run the printed step. Everything else (the schema `init` wrote, the
 * generated client, the driver adapter, the sign-in) is the real thing; a column this SQL got
 * wrong fails the sign-in that reads it.
 *
 * `ids`: the app's `User.id` convention `init` followed: `autoincrement` when the app already has
 * `User` with `Int` ids (init then adds only `emailVerified` and `image` to it), `cuid` when init
 * created `User` itself.
 */
export function prismaMysqlAuthTables(ids: "autoincrement" | "cuid"): string {
  const id = ids === "cuid" ? "VARCHAR(191) NOT NULL" : "INTEGER NOT NULL AUTO_INCREMENT";
  const userId = ids === "cuid" ? "VARCHAR(191) NOT NULL" : "INTEGER NOT NULL";
  const table = (name: string, body: string) =>
    `CREATE TABLE \`${name}\` (\n${body}\n) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;\n`;
  const timestamps = `    \`createdAt\` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    \`updatedAt\` DATETIME(3) NOT NULL,`;
  const user =
    ids === "cuid"
      ? table(
          "User",
          `    \`id\` ${id},
    \`name\` VARCHAR(191) NULL,
    \`email\` VARCHAR(191) NULL,
    \`emailVerified\` DATETIME(3) NULL,
    \`image\` TEXT NULL,
${timestamps}

    UNIQUE INDEX \`User_email_key\`(\`email\`),
    PRIMARY KEY (\`id\`)`,
        )
      : `ALTER TABLE \`User\` ADD COLUMN \`emailVerified\` DATETIME(3) NULL,
    ADD COLUMN \`image\` TEXT NULL;\n`;
  const foreignKey = (model: string) =>
    `ALTER TABLE \`${model}\` ADD CONSTRAINT \`${model}_userId_fkey\` FOREIGN KEY (\`userId\`) REFERENCES \`User\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE;\n`;
  return [
    user,
    table(
      "Account",
      `    \`id\` ${id},
    \`userId\` ${userId},
    \`type\` VARCHAR(191) NOT NULL,
    \`provider\` VARCHAR(191) NOT NULL,
    \`providerAccountId\` VARCHAR(191) NOT NULL,
    \`refresh_token\` TEXT NULL,
    \`access_token\` TEXT NULL,
    \`expires_at\` INTEGER NULL,
    \`refresh_token_expires_in\` INTEGER NULL,
    \`token_type\` VARCHAR(191) NULL,
    \`scope\` VARCHAR(191) NULL,
    \`id_token\` TEXT NULL,
    \`session_state\` VARCHAR(191) NULL,
${timestamps}

    INDEX \`Account_userId_idx\`(\`userId\`),
    UNIQUE INDEX \`Account_provider_providerAccountId_key\`(\`provider\`, \`providerAccountId\`),
    PRIMARY KEY (\`id\`)`,
    ),
    table(
      "Session",
      `    \`id\` ${id},
    \`sessionToken\` VARCHAR(191) NOT NULL,
    \`userId\` ${userId},
    \`expires\` DATETIME(3) NOT NULL,
${timestamps}

    UNIQUE INDEX \`Session_sessionToken_key\`(\`sessionToken\`),
    INDEX \`Session_userId_idx\`(\`userId\`),
    PRIMARY KEY (\`id\`)`,
    ),
    table(
      "VerificationToken",
      `    \`identifier\` VARCHAR(191) NOT NULL,
    \`token\` VARCHAR(191) NOT NULL,
    \`expires\` DATETIME(3) NOT NULL,

    PRIMARY KEY (\`identifier\`, \`token\`)`,
    ),
    table(
      "Authenticator",
      `    \`credentialID\` VARCHAR(191) NOT NULL,
    \`userId\` ${userId},
    \`providerAccountId\` VARCHAR(191) NOT NULL,
    \`credentialPublicKey\` TEXT NOT NULL,
    \`counter\` INTEGER NOT NULL,
    \`credentialDeviceType\` VARCHAR(191) NOT NULL,
    \`credentialBackedUp\` BOOLEAN NOT NULL,
    \`transports\` VARCHAR(191) NULL,

    UNIQUE INDEX \`Authenticator_credentialID_key\`(\`credentialID\`),
    PRIMARY KEY (\`userId\`, \`credentialID\`)`,
    ),
    ...["Account", "Session", "Authenticator"].map(foreignKey),
  ].join("\n");
}
