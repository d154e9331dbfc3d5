// Tests never touch the demo server's data: after `npm start` seeded ./data (demo images, the
// embedded database), a test app's data and file storage are a fresh temporary directory.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { testConfig } from './harness.ts';

const inside = (dir: string, parent: string) => !path.relative(parent, dir).startsWith('..');

describe('test harness data directory', () => {
  it('is a fresh temporary directory, never the default ./data', () => {
    const defaultDataDir = loadConfig({}).dataDir;
    const a = testConfig();
    const b = testConfig();
    for (const c of [a, b]) {
      expect(inside(c.dataDir, defaultDataDir)).toBe(false);
      expect(inside(c.dataDir, os.tmpdir())).toBe(true);
      expect(c.storage).toEqual({ driver: 'local', dir: path.join(c.dataDir, 'files') });
    }
    expect(a.dataDir).not.toBe(b.dataDir);
  });
});
