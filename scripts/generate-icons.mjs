#!/usr/bin/env node
// Draws the Zan app icons (apps/web/public/icons/*.png) without image libraries: the mark of
// apps/web/src/ui/logo.tsx (a white "Z" on a teal rounded tile) rasterised with 4×4 supersampling and
// written as PNG with node:zlib. Run: node scripts/generate-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const FROM = [0x14, 0xa3, 0x94]; // gradient, top-left
const TO = [0x0f, 0x5f, 0x59]; // gradient, bottom-right
const Z = [
  [10, 10.5],
  [22, 10.5],
  [10, 21.5],
  [22, 21.5],
]; // in the 32-unit grid of logo.tsx
const STROKE = 3.4;

function distToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
const inZ = (x, y) => Z.slice(1).some((b, i) => distToSegment(x, y, Z[i], b) <= STROKE / 2);

/** Signed distance to a rounded box centred at c with half-size h and radius r (negative inside). */
function roundedBox(x, y, c, h, r) {
  const qx = Math.abs(x - c) - h + r;
  const qy = Math.abs(y - c) - h + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** size px; maskable: full-bleed background with the Z inside the 80 % safe zone. */
function render(size, maskable) {
  const px = Buffer.alloc(size * size * 4);
  const unit = size / 32; // pixels per grid unit
  const zScale = maskable ? 0.78 : 1; // shrink the Z around the centre for the maskable safe zone
  const N = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < N; sy++) {
        for (let sx = 0; sx < N; sx++) {
          const gx = (x + (sx + 0.5) / N) / unit;
          const gy = (y + (sy + 0.5) / N) / unit;
          const inTile = maskable || roundedBox(gx, gy, 16, 15, 8.5) <= 0;
          if (!inTile) continue;
          cover++;
          if (inZ(16 + (gx - 16) / zScale, 16 + (gy - 16) / zScale)) white++;
        }
      }
      const t = (x + y) / (2 * size);
      const bg = FROM.map((f, i) => f + (TO[i] - f) * t);
      const a = cover / (N * N);
      const w = cover ? white / cover : 0;
      const o = (y * size + x) * 4;
      for (let i = 0; i < 3; i++) px[o + i] = Math.round(bg[i] * (1 - w) + 255 * w);
      px[o + 3] = Math.round(a * 255);
    }
  }
  return png(size, size, px);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(w, h, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(OUT, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-512-maskable.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  fs.writeFileSync(path.join(OUT, name), render(size, maskable));
  console.log('wrote', path.join(OUT, name));
}
