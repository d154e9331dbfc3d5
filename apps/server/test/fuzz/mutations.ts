// Issue 17: the fuzz's systematic half. Every body field of every route (found in its zod schema) is
// mutated in turn on an otherwise valid body — wrong types, NUL, huge strings and numbers, negative,
// unicode, missing, an extra field — and the multipart upload gets bodies a client can get wrong:
// a field before the file, truncated, no or a wrong boundary, huge or NUL file names, wrong content
// types, random bytes.
import fc from 'fast-check';

type Def = { type: string; [k: string]: unknown };
type Schema = { _zod: { def: Def } };
export type FieldPath = (string | number)[];

/** Every field path of a body schema: object keys at any depth, `0` for an array's element. */
export function fieldPaths(schema: unknown, prefix: FieldPath = [], depth = 0): FieldPath[] {
  if (depth > 5) return [];
  const def = (schema as Schema)._zod.def;
  const inner = (s: unknown) => fieldPaths(s, prefix, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => [
        [...prefix, k],
        ...fieldPaths(v, [...prefix, k], depth + 1),
      ]);
    case 'array':
      return fieldPaths(def.element, [...prefix, 0], depth + 1);
    case 'union': {
      const seen = new Set<string>();
      return (def.options as unknown[]).flatMap(inner).filter((p) => {
        const key = JSON.stringify(p);
        return !seen.has(key) && Boolean(seen.add(key));
      });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    default:
      return [];
  }
}

const NUL = String.fromCharCode(0);
const MISSING = Symbol('missing');
const EXTRA = Symbol('extra');
type Mutation = { name: string; value: (old: unknown) => unknown };

/** What each field is replaced by, one at a time. */
export const MUTATIONS: readonly Mutation[] = [
  { name: 'missing', value: () => MISSING },
  { name: 'extra field beside it', value: () => EXTRA },
  { name: 'null', value: () => null },
  { name: 'number', value: () => 12345 },
  { name: 'string', value: () => 'x' },
  { name: 'boolean', value: () => true },
  { name: 'array', value: (old) => [old] },
  { name: 'object', value: (old) => ({ value: old }) },
  { name: 'NUL', value: () => `a${NUL}b` },
  { name: 'NUL in the old value', value: (old) => (typeof old === 'string' ? `${old}${NUL}` : NUL) },
  { name: 'huge string', value: () => 'x'.repeat(200_000) },
  { name: 'past the body limit', value: () => 'x'.repeat(1_100_000) },
  { name: 'huge number', value: () => 1e308 },
  { name: 'unsafe integer', value: () => 2 ** 53 + 2 },
  { name: 'negative', value: (old) => (typeof old === 'number' && old > 0 ? -old : -1) },
  { name: 'fraction', value: () => 0.5 },
  { name: 'unicode', value: () => '😀 \u202eǅ \ud800 \u0301' },
  { name: 'prototype key', value: () => JSON.parse('{"__proto__":{"role":"superadmin"}}') as unknown },
];

/** `body` (not changed) with the field at `path` mutated; containers on the way are made as needed. */
export function mutate(body: unknown, path: FieldPath, m: Mutation): unknown {
  const root: unknown = structuredClone(body ?? {});
  const container = (v: unknown, key: string | number) =>
    v && typeof v === 'object' ? v : typeof key === 'number' ? [] : {};
  const top = container(root, path[0] ?? '') as Record<string | number, unknown>;
  let parent = top;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    parent[key] = container(parent[key], path[i + 1]!);
    parent = parent[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  const value = m.value(parent[last]);
  if (value === MISSING) delete parent[last];
  else if (value === EXTRA) parent[`${String(last)}Extra`] = 'unexpected';
  else parent[last] = value;
  return top;
}

// ---- multipart ----

export type MultipartKind =
  | 'file'
  | 'field before file'
  | 'field only'
  | 'two files'
  | 'truncated'
  | 'no boundary'
  | 'wrong boundary'
  | 'wrong content type'
  | 'random bytes'
  | 'empty body'
  | 'too large';
export const MULTIPART_KINDS: readonly MultipartKind[] = [
  'file',
  'field before file',
  'field only',
  'two files',
  'truncated',
  'no boundary',
  'wrong boundary',
  'wrong content type',
  'random bytes',
  'empty body',
  'too large',
];
export const FILE_NAMES = [
  'photo.png',
  'x'.repeat(60_000) + '.png',
  `a${NUL}b.png`,
  `${NUL}`,
  '',
  '../../../etc/passwd',
  '..\\..\\boot.ini',
  'a"b.png',
  'ünïcødé 😀.jpg',
  '\u202egnp.exe',
  'name;with=params.png',
] as const;
const MIME_TYPES = ['image/png', 'image/jpeg', 'text/html', 'application/octet-stream', ''] as const;
const WRONG_CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'image/png',
  'multipart/mixed; boundary=zanfuzz',
  'multipart/form-data; boundary=',
  `multipart/form-data; boundary=${'b'.repeat(300)}`,
] as const;

export type MultipartCase = {
  kind: MultipartKind;
  fileName: string;
  mime: string;
  /** 'png': a real image; 'jpeg-header': JPEG magic then junk; otherwise random bytes. */
  content: 'png' | 'jpeg-header' | 'random';
  random: Uint8Array;
  cut: number;
  wrongType: string;
};

export const multipartArb: fc.Arbitrary<MultipartCase> = fc.record({
  kind: fc.constantFrom(...MULTIPART_KINDS),
  fileName: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...FILE_NAMES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  ),
  mime: fc.constantFrom(...MIME_TYPES),
  content: fc.constantFrom('png', 'jpeg-header', 'random'),
  random: fc.uint8Array({ maxLength: 3000 }),
  cut: fc.double({ min: 0, max: 1, noNaN: true }),
  wrongType: fc.constantFrom(...WRONG_CONTENT_TYPES),
});

const BOUNDARY = 'zanfuzz7MA4YWxkTrZu0gW';
const filePart = (name: string, mime: string, bytes: Uint8Array, field = 'file') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        (mime ? `Content-Type: ${mime}\r\n` : '') +
        '\r\n',
    ),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);
const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const END = Buffer.from(`--${BOUNDARY}--\r\n`);

/**
 * The raw request body and content type of a multipart case (`png`: a small real PNG; `file`: the file's
 * bytes instead of the case's content, e.g. an Anki package).
 */
export function multipartRequest(
  c: MultipartCase,
  png: Uint8Array,
  file?: Uint8Array,
): { contentType: string; body: Buffer } {
  const bytes =
    file ??
    (c.content === 'png'
      ? png
      : c.content === 'jpeg-header'
        ? Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(c.random)])
        : c.random);
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const one = Buffer.concat([filePart(c.fileName, c.mime, bytes), END]);
  switch (c.kind) {
    case 'file':
      return { contentType: type, body: one };
    case 'field before file':
      return {
        contentType: type,
        body: Buffer.concat([fieldPart('usedIn', c.fileName), filePart(c.fileName, c.mime, bytes), END]),
      };
    case 'field only':
      return { contentType: type, body: Buffer.concat([fieldPart('file', c.fileName), END]) };
    case 'two files':
      return {
        contentType: type,
        body: Buffer.concat([filePart(c.fileName, c.mime, bytes), filePart('b.png', 'image/png', png), END]),
      };
    case 'truncated':
      return { contentType: type, body: one.subarray(0, Math.floor(c.cut * (one.length - 1))) };
    case 'no boundary':
      return { contentType: 'multipart/form-data', body: one };
    case 'wrong boundary':
      return { contentType: 'multipart/form-data; boundary=notTheOneInTheBody', body: one };
    case 'wrong content type':
      return { contentType: c.wrongType, body: one };
    case 'random bytes':
      return { contentType: type, body: Buffer.from(c.random) };
    case 'empty body':
      return { contentType: type, body: Buffer.alloc(0) };
    case 'too large':
      // Past the 10 MB image limit (and busboy's file size limit).
      return {
        contentType: type,
        body: Buffer.concat([filePart(c.fileName, c.mime, Buffer.alloc(10 * 1024 * 1024 + 10, 7)), END]),
      };
  }
}
