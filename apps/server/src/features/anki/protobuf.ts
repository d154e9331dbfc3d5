// The little protobuf an Anki package needs (issue 20): its `meta`, its media map and the configs of the
// current format's note types, templates and decks. Reads varints and length-delimited fields, skips the
// rest; the writer makes the same shapes for exports and test packages. Malformed input throws.

/** A message's fields by number: varints as numbers, length-delimited values as bytes (repeated: all). */
export type ProtoFields = Map<number, (number | Uint8Array)[]>;

function varint(buf: Uint8Array, at: number): [number, number] {
  let value = 0;
  let mul = 1;
  for (let i = 0; i < 10; i++) {
    if (at >= buf.length) throw new Error('truncated protobuf');
    const b = buf[at++]!;
    value += (b & 0x7f) * mul;
    if (b < 0x80) return [value, at];
    mul *= 128;
  }
  throw new Error('bad protobuf varint');
}

export function readProto(buf: Uint8Array): ProtoFields {
  const out: ProtoFields = new Map();
  let at = 0;
  while (at < buf.length) {
    const [key, next] = varint(buf, at);
    at = next;
    const field = Math.floor(key / 8);
    const wire = key & 7;
    let value: number | Uint8Array;
    if (wire === 0) [value, at] = varint(buf, at);
    else if (wire === 2) {
      const [len, start] = varint(buf, at);
      if (start + len > buf.length) throw new Error('truncated protobuf');
      value = buf.subarray(start, start + len);
      at = start + len;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      if (at + size > buf.length) throw new Error('truncated protobuf');
      value = buf.subarray(at, at + size);
      at += size;
    } else throw new Error('unsupported protobuf wire type');
    const list = out.get(field);
    if (list) list.push(value);
    else out.set(field, [value]);
  }
  return out;
}

const decoder = new TextDecoder('utf-8');

export const protoNumber = (m: ProtoFields, field: number): number => {
  const v = m.get(field)?.at(-1);
  return typeof v === 'number' ? v : 0;
};
const protoBytes = (m: ProtoFields, field: number): Uint8Array | null => {
  const v = m.get(field)?.at(-1);
  return v instanceof Uint8Array ? v : null;
};
export const protoString = (m: ProtoFields, field: number): string => {
  const v = protoBytes(m, field);
  return v ? decoder.decode(v) : '';
};
export const protoAll = (m: ProtoFields, field: number): Uint8Array[] =>
  (m.get(field) ?? []).filter((v): v is Uint8Array => v instanceof Uint8Array);
export const protoHas = (m: ProtoFields, field: number): boolean => m.has(field);

/** A field to write: a non-negative integer (varint), a string or bytes (length-delimited). */
export type ProtoValue = number | string | Uint8Array;

function writeVarint(out: number[], n: number): void {
  let v = n;
  while (v >= 0x80) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

const encoder = new TextEncoder();

/** A message from [field, value] pairs, in order (repeat a field number for a repeated field). */
export function writeProto(fields: readonly (readonly [number, ProtoValue])[]): Uint8Array {
  const out: number[] = [];
  for (const [field, value] of fields) {
    if (typeof value === 'number') {
      writeVarint(out, field * 8);
      writeVarint(out, value);
    } else {
      const bytes = typeof value === 'string' ? encoder.encode(value) : value;
      writeVarint(out, field * 8 + 2);
      writeVarint(out, bytes.length);
      for (const b of bytes) out.push(b);
    }
  }
  return Uint8Array.from(out);
}
