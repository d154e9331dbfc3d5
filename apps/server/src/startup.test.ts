import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, demoAccountsPresent } from './db/seed/demo.ts';
import { seedDemoIfWanted, shouldSeedDemo, startupWarnings } from './startup.ts';
import { createTestApp } from '../test/harness.ts';

// Issue 10, item 1: a default start must not hand the network an account to take over.
describe('start-up safety', () => {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-startup-'));
  afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

  it('listens on loopback by default with the embedded database, HOST overrides', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://x@db/zan', AUTH_SECRET: 'a'.repeat(32) }).host).toBe(
      '0.0.0.0',
    );
  });

  it('never seeds demo data in production', () => {
    const prod = loadConfig({ NODE_ENV: 'production' });
    expect(shouldSeedDemo(prod, true)).toBe(false);
    expect(shouldSeedDemo(loadConfig({}), true)).toBe(true);
    expect(shouldSeedDemo(loadConfig({}), false)).toBe(false);
    expect(shouldSeedDemo(loadConfig({ SEED_DEMO: '1' }), false)).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
  });

  describe('a first production start on the embedded database', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp({ env: 'production', storageDir });
    });
    afterAll(async () => t.close());

    it('has no demo account a remote client could sign in to', async () => {
      expect(await seedDemoIfWanted(t.db, t.config, true)).toEqual([]);
      expect(await demoAccountsPresent(t.db)).toBe(false);
      for (const a of DEMO_ACCOUNTS) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/session/sign-in',
          remoteAddress: '10.1.2.3',
          payload: { email: a.email, password: a.password },
        });
        expect(res.statusCode, a.email).toBe(401);
      }
    });
  });

  it('warns loudly when demo accounts exist and the server listens beyond loopback', () => {
    expect(startupWarnings({ host: '127.0.0.1', demoAccounts: true })).toEqual([]);
    expect(startupWarnings({ host: '::1', demoAccounts: true })).toEqual([]);
    expect(startupWarnings({ host: '0.0.0.0', demoAccounts: false })).toEqual([]);
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      const text = startupWarnings({ host, demoAccounts: true }).join('\n');
      expect(text).toContain('WARNING');
      expect(text).toContain('super@demo.test');
      expect(text).toContain(host);
    }
  });
});
