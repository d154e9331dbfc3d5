// fast-check arbitraries from zod 4 schemas, for fuzzing the routes: mostly values that pass (so the
// service and the database are reached), each field now and then replaced by hostile input — wrong
// types, NUL, huge and unicode strings, prototype keys, extreme numbers and dates.
import fc from 'fast-check';

type Def = { type: string; [k: string]: unknown };
type Check = { _zod: { def: { check: string; [k: string]: unknown } } };
type Schema = { _zod: { def: Def } };

const NUL = String.fromCharCode(0);
const EXTREME_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  8.64e15,
  8.64e15 + 1,
  -8.64e15,
  -62_135_596_800_000,
  253_402_300_799_999,
  253_402_300_800_000,
  Date.now(),
];
const NASTY_STRINGS = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '..',
  '../..',
  '\\',
  "'; drop table user; --",
  '\u202e',
  '\ud800',
  '\udfff',
  '😀',
  'ǅ',
  '\u0000\u0001\u001f',
  '<script>alert(1)</script>',
  '%',
  '%%',
  '%zz',
  'null',
  'undefined',
  '1e309',
  'NaN',
  '-1',
  '9999999999999999999999',
  'true',
  ' x ',
  '\n\r\t',
  'a'.repeat(1000),
];

/** Anything at all, with the usual suspects over-represented. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS, ...EXTREME_NUMBERS, null, true, false, [], {}),
  },
  {
    weight: 1,
    arbitrary: fc.constant(
      JSON.parse('{"__proto__":{"role":"superadmin"},"constructor":{"prototype":{"x":1}}}'),
    ),
  },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4, withNullPrototype: false }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.double() },
);

function checksOf(def: Def): Check['_zod']['def'][] {
  return ((def.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);
}

function stringBounds(def: Def): { min: number; max: number; format?: string } {
  let min = 0;
  let max = 60;
  let format = typeof def.format === 'string' ? def.format : undefined;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Math.max(min, Number(c.minimum));
    if (c.check === 'max_length') max = Math.min(Math.max(Number(c.maximum), 0), 400);
    if (c.check === 'string_format' && typeof c.format === 'string' && c.format !== 'regex')
      format = c.format;
    if (c.check === 'string_format' && c.format === 'regex') format = format ?? 'regex';
  }
  return { min, max: Math.max(min, max), format };
}

function numberBounds(def: Def): { min: number; max: number; int: boolean } {
  let min = -1e6;
  let max = 1e6;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = Number(c.value) + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') max = Number(c.value) - (c.inclusive ? 0 : 1);
    if (c.check === 'number_format') int = String(c.format).includes('int');
  }
  return { min, max, int };
}

const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('test.zan', 'example.com'))
  .map(([l, d]) => `${l}@${d}`);

function stringArb(def: Def, pool: readonly string[]): fc.Arbitrary<string> {
  const { min, max, format } = stringBounds(def);
  const plain = fc.string({ minLength: min, maxLength: max });
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: plain },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  ];
  if (format === 'uuid') options.push({ weight: 8, arbitrary: fc.uuid({ version: 4 }) });
  if (format === 'email' || format === 'regex') options.push({ weight: 6, arbitrary: emailArb });
  if (pool.length) options.push({ weight: 4, arbitrary: fc.constantFrom(...pool) });
  return fc.oneof(...options);
}

function numberArb(def: Def): fc.Arbitrary<number> {
  const { min, max, int } = numberBounds(def);
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  const inRange = int
    ? fc
        .integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) })
        .filter((n) => n >= lo && n <= hi)
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  const edges = [min, max, min - 1, max + 1].filter((n) => Number.isFinite(n));
  return fc.oneof(
    { weight: 5, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(...edges, ...EXTREME_NUMBERS) },
  );
}

export type ArbOptions = {
  /** Real ids (colleges, users) offered to string fields so that services find rows. */
  pool: readonly string[];
  /** How often a field is replaced by hostile input (0..1). */
  hostility: number;
};

/** An arbitrary for values of `schema`, mostly valid, sometimes hostile at any depth. */
export function arbitraryFor(schema: unknown, opts: ArbOptions, depth = 0): fc.Arbitrary<unknown> {
  const inner = baseArbitrary(schema as Schema, opts, depth);
  if (opts.hostility <= 0) return inner;
  const bad = Math.max(1, Math.round(opts.hostility * 100));
  return fc.oneof({ weight: 100 - bad, arbitrary: inner }, { weight: bad, arbitrary: hostile });
}

function baseArbitrary(schema: Schema, opts: ArbOptions, depth: number): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  const next = (s: unknown) => arbitraryFor(s, opts, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArb(def, opts.pool);
    case 'number':
      return numberArb(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'array': {
      let maxLength = 4;
      for (const c of checksOf(def)) if (c.check === 'max_length') maxLength = Math.min(Number(c.maximum), 4);
      return depth > 4 ? fc.constant([]) : fc.array(next(def.element), { maxLength });
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const entries = Object.entries(shape).map(
        ([k, v]) => [k, fc.option(next(v), { nil: undefined, freq: 8 })] as const,
      );
      const base = fc.record(Object.fromEntries(entries)).map((o) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
        return out;
      });
      const extraKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'toString');
      return fc.oneof(
        { weight: 12, arbitrary: base },
        // An own "__proto__" / "constructor" key, as JSON.parse would make it (a literal would set the prototype).
        {
          weight: 1,
          arbitrary: fc.tuple(base, extraKey, hostile).map(([o, k, v]) =>
            Object.defineProperty({ ...o }, k, {
              value: v,
              enumerable: true,
              writable: true,
              configurable: true,
            }),
          ),
        },
      );
    }
    case 'optional':
      return fc.option(next(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(next(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fc.option(next(def.innerType), { nil: undefined, freq: 6 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(next));
    case 'pipe':
      return next(def.in);
    default:
      return hostile;
  }
}
