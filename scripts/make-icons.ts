// Draws the app icons (PNG) for the web manifest: a green square with a white "K", plain and maskable
// (the maskable one keeps the letter inside the 80% safe zone). Run once: `npx tsx scripts/make-icons.ts`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const GREEN = [0x1f, 0x5e, 0x3b];
const WHITE = [0xff, 0xff, 0xff];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Is (x, y) in the letter K drawn in the unit square `box` (0..1 coordinates)? */
function inK(x: number, y: number, box: number): boolean {
  const m = (1 - box) / 2;
  const u = (x - m) / box;
  const v = (y - m) / box;
  if (u < 0.28 || u > 0.78 || v < 0.2 || v > 0.8) return false;
  if (u < 0.4) return true; // the stem
  const d = Math.abs(v - 0.5); // the two arms meet at the middle of the stem
  const arm = 0.4 + d * 0.75;
  return Math.abs(u - arm) < 0.085;
}

function icon(size: number, box: number): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const c = inK((x + 0.5) / size, (y + 0.5) / size, box) ? WHITE : GREEN;
      raw.set(c, y * (size * 3 + 1) + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = path.join(import.meta.dirname, '..', 'web', 'public');
writeFileSync(path.join(dir, 'icon-192.png'), icon(192, 1));
writeFileSync(path.join(dir, 'icon-512.png'), icon(512, 1));
writeFileSync(path.join(dir, 'icon-maskable-512.png'), icon(512, 0.7));
writeFileSync(path.join(dir, 'apple-touch-icon.png'), icon(180, 0.85));
console.log('icons written to web/public');
