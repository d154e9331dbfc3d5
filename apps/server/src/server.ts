// Process entry: config, the database (embedded by default), migrations, demo seed, listen, shutdown.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/client.ts';
import { startEmbedded, type EmbeddedDb } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemoContent } from './db/seed/content-seed.ts';
import { DEMO_ACCOUNTS, demoAccountsPresent, seedDemo } from './db/seed/demo.ts';
import { handleShutdownSignals } from './lifecycle.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDb | undefined;
  let databaseUrl = config.databaseUrl;
  let firstStart = false;
  if (!databaseUrl) {
    const dir = path.join(config.dataDir, 'pg');
    firstStart = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    embedded = await startEmbedded({ dir, port: config.embeddedPgPort, database: 'zan', log: (m) => console.log(m) });
    databaseUrl = embedded.url;
  }
  const { pool, db } = createDb(databaseUrl);
  await runMigrations(pool);
  if (firstStart || config.seedDemo) {
    const { created } = await seedDemo(db);
    if (created.length) console.log(`Demo data seeded (${created.join(', ')})`);
    const content = await seedDemoContent(db, { storageDir: config.storageDir });
    if (content.seeded) console.log('Demo content seeded (modules, decks, quizzes, lecture pages, announcements)');
  }

  const app = await buildApp({ config, db, pool });

  handleShutdownSignals({ app, pool, embedded });

  const address = await app.listen({ port: config.port, host: config.host });
  const lines = [`Zan is running at ${config.publicUrl}  (listening on ${address})`];
  if (await demoAccountsPresent(db)) {
    lines.push('', 'Demo sign-ins:');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(10)} ${a.email.padEnd(20)} ${a.password}`);
  }
  if (config.devMailbox) lines.push('', `Dev mailbox (verification and reset links): ${config.publicUrl}/dev/mailbox`);
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
