// npm run create-superadmin -- --email you@example.com --password 'a-long-password' [--first-name Ada --last-name Lovelace]
// Creates a verified superadmin, or promotes (and verifies, and sets the password of) an existing
// account. Uses DATABASE_URL, or the embedded default (reusing it when a server is running, else
// starting and stopping it). Exit codes: 0 done, 1 failed, 2 invalid usage.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { capitalizeName, emailSchema, passwordSchema, roleUnchanged } from '@zan/core';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { embeddedPort } from '../db/embedded-port.ts';
import { embeddedRunning, embeddedUrl, startEmbedded, type EmbeddedDb } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { insertUserWithPassword } from '../db/seed/demo.ts';
import { account, session, user } from '../db/schema/index.ts';
import { hashPassword } from '../platform/password.ts';

const USAGE =
  'Usage: npm run create-superadmin -- --email <email> --password <password> [--first-name <name>] [--last-name <name>]';

function fail(message: string, code: 1 | 2): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, 2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const email = emailSchema.safeParse(values.email ?? '');
  if (!values.email || !email.success)
    fail(`${values.email ? email.error?.issues[0]?.message : 'Missing --email.'}\n${USAGE}`, 2);
  const password = passwordSchema.safeParse(values.password ?? '');
  if (!values.password || !password.success)
    fail(`${values.password ? password.error?.issues[0]?.message : 'Missing --password.'}\n${USAGE}`, 2);
  const firstName = capitalizeName((values['first-name'] ?? 'Super').trim()) || 'Super';
  const lastName = capitalizeName((values['last-name'] ?? 'Admin').trim()) || 'Admin';

  const config = loadConfig(process.env, { serving: false });
  let embedded: EmbeddedDb | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = path.join(config.dataDir, 'pg');
    if (embeddedRunning(dir)) {
      const port = embeddedPort(dir, config.embeddedPgPort);
      url = embeddedUrl(port, 'zan');
      console.log(`Using the embedded PostgreSQL of the running server (port ${port}).`);
    } else {
      console.log(`Starting the embedded PostgreSQL in ${dir} …`);
      embedded = await startEmbedded({ dir, port: config.embeddedPgPort, database: 'zan' });
      url = embedded.url;
    }
  }
  const { pool, db } = createDb(url, 2);
  try {
    await runMigrations(pool);
    const hash = await hashPassword(password.data);
    const result = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: user.id, role: user.role })
        .from(user)
        .where(eq(user.email, email.data));
      if (!existing) {
        await insertUserWithPassword(tx, {
          email: email.data,
          password: password.data,
          role: 'superadmin',
          firstName,
          lastName,
          emailVerified: true,
        });
        return 'created' as const;
      }
      await tx
        .update(user)
        .set({
          role: 'superadmin',
          emailVerified: true,
          adminCollegeId: null,
          adminYearGroup: null,
          updatedAt: new Date(),
        })
        .where(eq(user.id, existing.id));
      const updated = await tx
        .update(account)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(account.userId, existing.id), eq(account.providerId, 'credential')))
        .returning({ id: account.id });
      if (updated.length === 0) {
        await tx.insert(account).values({
          id: crypto.randomUUID(),
          accountId: existing.id,
          providerId: 'credential',
          userId: existing.id,
          password: hash,
        });
      }
      // Sessions carry the old role and password: sign in again.
      await tx
        .update(session)
        .set({ revokedReason: 'ended', expiresAt: new Date() })
        .where(eq(session.userId, existing.id));
      return roleUnchanged(existing.role, 'superadmin') ? ('updated' as const) : ('promoted' as const);
    });
    const what = {
      created: `Created superadmin ${email.data} (email verified).`,
      promoted: `Promoted ${email.data} to superadmin (email verified, password set).`,
      updated: `${email.data} was already a superadmin: password set, email verified.`,
    }[result];
    console.log(what);
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => fail(`create-superadmin failed: ${err instanceof Error ? err.message : String(err)}`, 1),
);
