// The zip and zstd layers of an Anki package, read under one budget (issue 20): a zip or zstd bomb is
// refused from its declared sizes before anything is inflated, and from the actual bytes while inflating —
// stopped within INFLATE_OVERSHOOT of a bound, the size an entry declares included (issue 38: a 2 MB entry
// declaring 1 KiB inflated 2 GiB before), so a hostile package costs at most the budget.
import { Inflate } from 'fflate';
import { Decompress } from 'fzstd';
import { ANKI_READ_MESSAGES, type AnkiLimits, type AnkiReadError } from './model.ts';

/** A refusal thrown inside the reader and answered as `{ error }`. */
export class AnkiRefusal extends Error {
  constructor(readonly error: AnkiReadError) {
    super(error.message);
  }
}

export const malformed = (what: string) =>
  new AnkiRefusal({ code: 'malformed', message: ANKI_READ_MESSAGES.malformed(what) });

export type ZipEntry = {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly dataStart: number;
};

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 2 ** 24;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;
const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

/** The zip's entries from its central directory (zip64 included); null when the bytes are not a zip. */
export function listZip(buf: Uint8Array, maxEntries: number): ZipEntry[] | null {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--)
    if (u32(buf, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) return null;
  let count = u16(buf, eocd + 10);
  let cdOffset = u32(buf, eocd + 16);
  if ((count === 0xffff || cdOffset === 0xffffffff) && eocd >= 20 && u32(buf, eocd - 20) === 0x07064b50) {
    const z64 = u64(buf, eocd - 12);
    if (z64 + 56 > buf.length || u32(buf, z64) !== 0x06064b50) throw malformed('its zip directory is broken');
    count = u64(buf, z64 + 32);
    cdOffset = u64(buf, z64 + 48);
  }
  if (count > maxEntries) throw malformed('it holds too many files');
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || u32(buf, at) !== 0x02014b50) throw malformed('its zip directory is broken');
    const flags = u16(buf, at + 8);
    const method = u16(buf, at + 10);
    let compressedSize = u32(buf, at + 20);
    let size = u32(buf, at + 24);
    const nameLen = u16(buf, at + 28);
    const extraLen = u16(buf, at + 30);
    const commentLen = u16(buf, at + 32);
    let local = u32(buf, at + 42);
    const nameBytes = buf.subarray(at + 46, at + 46 + nameLen);
    const name = (flags & 0x800 ? utf8 : latin1).decode(nameBytes);
    // zip64: the sizes and offset that overflowed 32 bits, in this order
    let x = at + 46 + nameLen;
    const extraEnd = x + extraLen;
    while (x + 4 <= extraEnd) {
      const id = u16(buf, x);
      const len = u16(buf, x + 2);
      if (id === 1) {
        let y = x + 4;
        if (size === 0xffffffff) {
          size = u64(buf, y);
          y += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(buf, y);
          y += 8;
        }
        if (local === 0xffffffff) local = u64(buf, y);
      }
      x += 4 + len;
    }
    if (flags & 1) throw malformed('it is encrypted');
    if (local + 30 > buf.length || u32(buf, local) !== 0x04034b50) throw malformed('a zip entry is broken');
    const dataStart = local + 30 + u16(buf, local + 26) + u16(buf, local + 28);
    if (dataStart + compressedSize > buf.length) throw malformed('a zip entry is cut short');
    entries.push({ name, method, compressedSize, size, dataStart });
    at = extraEnd + commentLen;
  }
  return entries;
}

const RATIO_FROM = 1024 * 1024;
const STEP = 1024 * 1024;
/**
 * How far past a bound (an entry's declared size, the cap, the budget) inflating may go before it is
 * stopped: fflate inflates all of a pushed piece at once, so the pieces are cut small enough.
 */
export const INFLATE_OVERSHOOT = 1024 * 1024;
/** The most deflate makes of one byte: a 258-byte match from a 1-bit length and a 1-bit distance code. */
const DEFLATE_MAX_RATIO = 1032;

/** One read's budget of inflated bytes, shared by every zip entry and zstd stream it opens. */
export class InflateBudget {
  private used = 0;
  constructor(private readonly limits: AnkiLimits) {}

  /** Every byte inflated so far, a refused entry's included (what the read cost). */
  get inflated(): number {
    return this.used;
  }

  private bomb(): AnkiRefusal {
    return new AnkiRefusal({
      code: 'bomb',
      message: ANKI_READ_MESSAGES.bomb(this.limits.maxUncompressedBytes),
    });
  }

  /** Refuses `declared` more bytes from `compressed` ones before anything is inflated. */
  private checkDeclared(declared: number, compressed: number, cap: number): void {
    if (declared > cap || this.used + declared > this.limits.maxUncompressedBytes) throw this.bomb();
    if (declared > RATIO_FROM && declared > compressed * this.limits.maxRatio) throw this.bomb();
  }

  /**
   * Counts bytes as they come out; throws once past what the stream declared (`lie`, when it declares a
   * size), `cap`, the budget or the ratio. `out()` is the count so far.
   */
  private counter(compressed: number, cap: number, lie?: { declared: number; refusal: () => AnkiRefusal }) {
    let out = 0;
    const count = (n: number) => {
      out += n;
      this.used += n;
      if (lie && out > lie.declared) throw lie.refusal();
      if (out > cap || this.used > this.limits.maxUncompressedBytes) throw this.bomb();
      if (out > RATIO_FROM && out > compressed * this.limits.maxRatio) throw this.bomb();
    };
    return Object.assign(count, { out: () => out });
  }

  /** A zip entry's bytes (stored or deflated), at most `cap` of them and never more than it declares. */
  unzip(buf: Uint8Array, entry: ZipEntry, cap: number): Uint8Array {
    this.checkDeclared(entry.size, entry.compressedSize, cap);
    const data = buf.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    const lie = () => malformed(`"${entry.name}" is not the size its zip says`);
    const count = this.counter(entry.compressedSize, cap, { declared: entry.size, refusal: lie });
    if (entry.method === 0) {
      count(data.length);
      return data;
    }
    if (entry.method !== 8) throw malformed(`"${entry.name}" uses an unknown compression`);
    const chunks: Uint8Array[] = [];
    let ended = false;
    const inflate = new Inflate((chunk, final) => {
      count(chunk.length);
      chunks.push(chunk);
      if (final) ended = true;
    });
    try {
      // The declared size passed the cap and the budget: stopping there stops within them. A piece
      // inflates to at most DEFLATE_MAX_RATIO × its size (plus a stored block of ≤ 64 KiB it completes).
      for (let at = 0; at < data.length;) {
        const room = Math.max(0, entry.size - count.out()) + INFLATE_OVERSHOOT / 2;
        const piece = Math.min(STEP, Math.floor(room / DEFLATE_MAX_RATIO));
        inflate.push(data.subarray(at, at + piece), at + piece >= data.length);
        at += piece;
      }
      if (data.length === 0) inflate.push(data, true);
    } catch (err) {
      if (err instanceof AnkiRefusal) throw err;
      throw malformed(`"${entry.name}" cannot be unpacked`);
    }
    if (!ended) throw malformed(`"${entry.name}" is cut short`);
    const out = concat(chunks);
    if (out.length !== entry.size) throw lie();
    return out;
  }

  /** A zstd stream's bytes (every frame's header checked first), at most `cap` of them. */
  zstd(data: Uint8Array, what: string, cap: number): Uint8Array {
    const { declared, window } = scanZstd(data, what);
    this.checkDeclared(Math.max(declared, 0), data.length, cap);
    // fzstd allocates a frame's window up front: refuse one larger than what may come out.
    if (window > Math.max(cap, 8 * 1024 * 1024) + 1024) throw this.bomb();
    // fzstd hands over each block (≤ 128 KiB, an RLE one ≤ 2 MiB) as it is decoded.
    const lie = { declared, refusal: () => malformed(`${what} is not the size it says`) };
    const count = this.counter(data.length, cap, declared >= 0 ? lie : undefined);
    const chunks: Uint8Array[] = [];
    const stream = new Decompress((chunk) => {
      count(chunk.length);
      chunks.push(chunk);
    });
    try {
      for (let at = 0; at < data.length; at += STEP)
        stream.push(data.subarray(at, at + STEP), at + STEP >= data.length);
    } catch (err) {
      if (err instanceof AnkiRefusal) throw err;
      throw malformed(`${what} cannot be unpacked`);
    }
    return concat(chunks);
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Walks a zstd stream's frames and blocks without decoding them: the content sizes the frames declare
 * (−1 when one does not) and the largest window a frame asks for.
 */
function scanZstd(data: Uint8Array, what: string): { declared: number; window: number } {
  let at = 0;
  let declared = 0;
  let window = 0;
  const broken = () => malformed(`${what} is not valid zstd data`);
  if (data.length === 0) throw broken();
  while (at < data.length) {
    if (at + 8 > data.length) throw broken();
    const magic = u32(data, at);
    if (magic >= 0x184d2a50 && magic <= 0x184d2a5f) {
      at += 8 + u32(data, at + 4);
      continue;
    }
    if (magic !== 0xfd2fb528) throw broken();
    const fhd = data[at + 4]!;
    const fcsFlag = fhd >> 6;
    const single = (fhd >> 5) & 1;
    const checksum = (fhd >> 2) & 1;
    const dictBytes = [0, 1, 2, 4][fhd & 3]!;
    let p = at + 5;
    let win = 0;
    if (!single) {
      const wd = data[p++]!;
      const base = 2 ** (10 + (wd >> 3));
      win = base + (base / 8) * (wd & 7);
    }
    p += dictBytes;
    const fcsBytes = [single ? 1 : 0, 2, 4, 8][fcsFlag]!;
    if (p + fcsBytes > data.length) throw broken();
    let fcs = -1;
    if (fcsBytes === 1) fcs = data[p]!;
    else if (fcsBytes === 2) fcs = u16(data, p) + 256;
    else if (fcsBytes === 4) fcs = u32(data, p);
    else if (fcsBytes === 8) fcs = u64(data, p);
    p += fcsBytes;
    if (single) win = fcs;
    window = Math.max(window, win);
    declared = fcs < 0 || declared < 0 ? -1 : declared + fcs;
    for (;;) {
      if (p + 3 > data.length) throw broken();
      const h = data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16);
      const type = (h >> 1) & 3;
      const size = h >>> 3;
      if (type === 3) throw broken();
      p += 3 + (type === 1 ? 1 : size);
      if (h & 1) break;
    }
    p += checksum ? 4 : 0;
    if (p > data.length) throw broken();
    at = p;
  }
  return { declared, window };
}
