// Process entry: config, the database (embedded by default), migrations, demo seed, listen, shutdown.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/client.ts';
import { startEmbedded, type EmbeddedDb } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { DEMO_ACCOUNTS, demoAccountsPresent } from './db/seed/demo.ts';
import { handleShutdownSignals } from './lifecycle.ts';
import { seedDemoIfWanted, startupWarnings } from './startup.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDb | undefined;
  let databaseUrl = config.databaseUrl;
  let firstStart = false;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'pg');
    firstStart = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    embedded = await startEmbedded({
      dir,
      port: config.embeddedPgPort,
      database: 'zan',
      log: (m) => console.log(m),
    });
    databaseUrl = embedded.url;
  }
  const { pool, db } = createDb(databaseUrl);
  await runMigrations(pool);
  for (const line of await seedDemoIfWanted(db, config, firstStart)) console.log(line);

  const app = await buildApp({ config, db, pool });

  handleShutdownSignals({ app, pool, embedded });

  const address = await app.listen({ port: config.port, host: config.host });
  const lines = [`Zan is running at ${config.publicUrl}  (listening on ${address})`];
  const demoAccounts = await demoAccountsPresent(db);
  if (demoAccounts) {
    lines.push('', 'Demo sign-ins:');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(10)} ${a.email.padEnd(20)} ${a.password}`);
  }
  if (config.devMailbox)
    lines.push(
      '',
      `Dev mailbox (verification and reset links, this machine only): ${config.publicUrl}/dev/mailbox`,
    );
  console.log(`\n${lines.join('\n')}\n`);
  const warnings = startupWarnings({ host: config.host, demoAccounts });
  if (warnings.length) {
    console.warn(`\n${warnings.join('\n')}\n`);
    app.log.warn({ host: config.host }, 'demo accounts exist and the server listens beyond loopback');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
