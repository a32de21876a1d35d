/**
 * The tables for prisma-project.ts's schema on MySQL/MariaDB, written by hand in the form
 * `prisma migrate diff --from-empty --script` gives for `provider = "mysql"` (String →
 * VARCHAR(191), `@db.Text` → TEXT, DateTime → DATETIME(3), `@default(now())` →
 * CURRENT_TIMESTAMP(3), Int → INTEGER, utf8mb4_unicode_ci tables, keys and foreign keys named
 * `<Model>_<fields>_key` / `_fkey`, ON DELETE CASCADE ON UPDATE CASCADE).
 *
 * Prisma's own differ cannot run for MySQL on these machines: its Wasm schema engine (the only
 * one that needs no download; checked up to @prisma/schema-engine-wasm 8.1.0-2) has no MySQL
 * connector, and the native engine comes from binaries.prisma.sh. The client, the adapter and
 * the query compiler under test are Prisma's own; only the DDL is ours.
 */
export const PRISMA_MYSQL_TABLES = `
CREATE TABLE \`User\` (
    \`id\` VARCHAR(191) NOT NULL,
    \`name\` VARCHAR(191) NULL,
    \`email\` VARCHAR(191) NOT NULL,
    \`emailVerified\` DATETIME(3) NULL,
    \`image\` TEXT NULL,
    \`createdAt\` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    \`updatedAt\` DATETIME(3) NOT NULL,

    UNIQUE INDEX \`User_email_key\`(\`email\`),
    PRIMARY KEY (\`id\`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE \`Account\` (
    \`userId\` VARCHAR(191) NOT NULL,
    \`type\` VARCHAR(191) NOT NULL,
    \`provider\` VARCHAR(191) NOT NULL,
    \`providerAccountId\` VARCHAR(191) NOT NULL,
    \`refresh_token\` TEXT NULL,
    \`access_token\` TEXT NULL,
    \`expires_at\` INTEGER NULL,
    \`token_type\` VARCHAR(191) NULL,
    \`scope\` VARCHAR(191) NULL,
    \`id_token\` TEXT NULL,
    \`session_state\` VARCHAR(191) NULL,
    \`createdAt\` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    \`updatedAt\` DATETIME(3) NOT NULL,

    PRIMARY KEY (\`provider\`, \`providerAccountId\`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE \`Session\` (
    \`sessionToken\` VARCHAR(191) NOT NULL,
    \`userId\` VARCHAR(191) NOT NULL,
    \`expires\` DATETIME(3) NOT NULL,
    \`createdAt\` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    \`updatedAt\` DATETIME(3) NOT NULL,

    UNIQUE INDEX \`Session_sessionToken_key\`(\`sessionToken\`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE \`VerificationToken\` (
    \`identifier\` VARCHAR(191) NOT NULL,
    \`token\` VARCHAR(191) NOT NULL,
    \`expires\` DATETIME(3) NOT NULL,

    PRIMARY KEY (\`identifier\`, \`token\`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE \`Authenticator\` (
    \`credentialID\` VARCHAR(191) NOT NULL,
    \`userId\` VARCHAR(191) NOT NULL,
    \`providerAccountId\` VARCHAR(191) NOT NULL,
    \`credentialPublicKey\` TEXT NOT NULL,
    \`counter\` INTEGER NOT NULL,
    \`credentialDeviceType\` VARCHAR(191) NOT NULL,
    \`credentialBackedUp\` BOOLEAN NOT NULL,
    \`transports\` VARCHAR(191) NULL,

    UNIQUE INDEX \`Authenticator_credentialID_key\`(\`credentialID\`),
    PRIMARY KEY (\`userId\`, \`credentialID\`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE \`Account\` ADD CONSTRAINT \`Account_userId_fkey\` FOREIGN KEY (\`userId\`) REFERENCES \`User\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE \`Session\` ADD CONSTRAINT \`Session_userId_fkey\` FOREIGN KEY (\`userId\`) REFERENCES \`User\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE \`Authenticator\` ADD CONSTRAINT \`Authenticator_userId_fkey\` FOREIGN KEY (\`userId\`) REFERENCES \`User\`(\`id\`) ON DELETE CASCADE ON UPDATE CASCADE;
`;
