// Start-up decisions kept out of server.ts so tests can check them: whether to seed the demo data
// (never in production) and the warnings printed when the server is reachable beyond this machine.
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { seedDemoContent } from './db/seed/content-seed.ts';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed/demo.ts';
import { isLoopbackAddress } from './platform/loopback.ts';

/** Demo data on the first start of the embedded default or with SEED_DEMO=1, never in production. */
export const shouldSeedDemo = (config: Config, firstEmbeddedStart: boolean): boolean =>
  config.env !== 'production' && (firstEmbeddedStart || config.seedDemo);

/** Seeds the demo accounts and content when shouldSeedDemo says so; returns what it printed. */
export async function seedDemoIfWanted(
  db: Database,
  config: Config,
  firstEmbeddedStart: boolean,
): Promise<string[]> {
  if (!shouldSeedDemo(config, firstEmbeddedStart)) return [];
  const lines: string[] = [];
  const { created } = await seedDemo(db);
  if (created.length) lines.push(`Demo data seeded (${created.join(', ')})`);
  const content = await seedDemoContent(db, { storageDir: config.storageDir });
  if (content.seeded)
    lines.push('Demo content seeded (modules, decks, quizzes, lecture pages, announcements)');
  return lines;
}

/** True when HOST makes the server reachable from other machines (0.0.0.0, ::, a LAN address). */
const listensBeyondLoopback = (host: string): boolean => !isLoopbackAddress(host);

/** The loud warning for demo accounts (published passwords) on a server others can reach. */
export function startupWarnings(opts: { host: string; demoAccounts: boolean }): string[] {
  if (!opts.demoAccounts || !listensBeyondLoopback(opts.host)) return [];
  const bar = '!'.repeat(78);
  return [
    bar,
    `!! WARNING: the demo accounts (${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}) exist and`,
    `!! their passwords are published in the README, but Zan listens on ${opts.host}, beyond this machine.`,
    '!! Anyone who can reach this server can sign in as the demo superadmin. Delete the demo accounts,',
    '!! or listen on loopback only (unset HOST or HOST=127.0.0.1).',
    bar,
  ];
}
