import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

// Issue 10, item 7: instances on one database must share the session-signing secret.
describe('configuration', () => {
  const url = 'postgres://zan@db.internal/zan';

  it('requires AUTH_SECRET whenever DATABASE_URL is set, in every environment, with a clear message', () => {
    for (const NODE_ENV of ['development', 'production', undefined]) {
      expect(() => loadConfig({ NODE_ENV, DATABASE_URL: url })).toThrow(
        /AUTH_SECRET: required when DATABASE_URL is set/,
      );
    }
    expect(() => loadConfig({ DATABASE_URL: url, AUTH_SECRET: 'too-short' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ DATABASE_URL: url, AUTH_SECRET: 's'.repeat(32) }).authSecret).toBe('s'.repeat(32));
  });

  it('lets the embedded default generate its own secret, and tools that sign nothing skip it', () => {
    expect(loadConfig({}).authSecret).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: url }, { serving: false }).databaseUrl).toBe(url);
  });

  it('never enables the dev outbox with SMTP or in production', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com', DEV_MAILBOX: '1' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe(false);
  });

  it('refuses production without an https PUBLIC_URL (loopback aside: browsers treat it as secure; issue 17)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://zan.example.edu' })).toThrow(
      /PUBLIC_URL: production needs the https address/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://zan.example.edu' }).publicUrl).toBe(
      'https://zan.example.edu',
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000' }).env).toBe(
      'production',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://zan.lan:3000' }).env).toBe('development');
  });
});
