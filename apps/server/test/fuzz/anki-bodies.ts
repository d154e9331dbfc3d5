// Issue 38: the fuzz's Anki packages — for the student's progress import (the package as an octet-stream
// body) and the admin's Anki import (the file of a multipart body): a real package, cut short, with bytes
// overwritten, a zip entry that lies about its size, a zip bomb, random bytes, a zip header then junk,
// nothing. Each body is small (a bomb is a few KB that would inflate to 16 MiB).
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { buildTestPackage, declaringSize, sampleContent } from '../../src/features/anki/test-packages.ts';

export const ANKI_BODY_KINDS = [
  'package',
  'cut short',
  'bytes overwritten',
  'lying zip',
  'zip bomb',
  'random bytes',
  'zip header then junk',
  'empty',
] as const;
type AnkiBodyKind = (typeof ANKI_BODY_KINDS)[number];
export type AnkiBodyCase = { kind: AnkiBodyKind; cut: number; random: Uint8Array; at: number };
/** The packages the bodies are made from, built once. */
export type AnkiSamples = { pkg: Uint8Array; bomb: Uint8Array; lying: Uint8Array };

export const ankiBodyArb: fc.Arbitrary<AnkiBodyCase> = fc.record({
  kind: fc.constantFrom(...ANKI_BODY_KINDS),
  cut: fc.double({ min: 0, max: 1, noNaN: true }),
  random: fc.uint8Array({ minLength: 1, maxLength: 3000 }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
});

/** A small package, a zip bomb (16 MiB of zeros, declared), and the same declaring 1 KiB (a lie). */
export async function ankiSamples(): Promise<AnkiSamples> {
  const pkg = await buildTestPackage('legacy2', sampleContent());
  const bomb = zipSync({ 'collection.anki21': new Uint8Array(16 * 1024 * 1024) }, { level: 9 });
  return { pkg, bomb, lying: declaringSize(bomb, 1024) };
}

/** The body of a case. */
export function ankiBody(c: AnkiBodyCase, s: AnkiSamples): Buffer {
  switch (c.kind) {
    case 'package':
      return Buffer.from(s.pkg);
    case 'cut short':
      return Buffer.from(s.pkg.subarray(0, Math.floor(c.cut * (s.pkg.length - 1))));
    case 'bytes overwritten': {
      const out = Buffer.from(s.pkg);
      out.set(c.random.subarray(0, out.length), Math.floor(c.at * Math.max(0, out.length - c.random.length)));
      return out;
    }
    case 'lying zip':
      return Buffer.from(s.lying);
    case 'zip bomb':
      return Buffer.from(s.bomb);
    case 'random bytes':
      return Buffer.from(c.random);
    case 'zip header then junk':
      return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(c.random)]);
    case 'empty':
      return Buffer.alloc(0);
  }
}
