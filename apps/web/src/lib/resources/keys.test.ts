// Decision 4 of issue 7: every query key is built in lib/resources/keys.ts — no feature retypes one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });

describe('query keys', () => {
  it('are never written as literals outside lib/resources/keys.ts', () => {
    const offenders = files(src)
      .filter((f) => !f.endsWith(path.join('lib', 'resources', 'keys.ts')))
      .filter((f) => /queryKey:\s*\[|queryKey:\s*['"]/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });
});
