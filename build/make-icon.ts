// Draws the app icon (build/icon.png, 1024×1024 RGBA) with no image tooling: a title deed with a
// seal on a teal tile. Run `node build/make-icon.ts` after changing it; the PNG is committed
// because electron-builder derives the .icns and .ico from it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];
type Shape = { readonly color: (x: number, y: number) => Rgba; readonly inside: (x: number, y: number) => boolean };

const size = 1024;
const samples = 4;

function roundedRect(x0: number, y0: number, x1: number, y1: number, radius: number) {
  return (x: number, y: number): boolean => {
    const dx = Math.max(x0 + radius - x, 0, x - (x1 - radius));
    const dy = Math.max(y0 + radius - y, 0, y - (y1 - radius));
    return x >= x0 && x <= x1 && y >= y0 && y <= y1 && dx * dx + dy * dy <= radius * radius;
  };
}

const circle = (cx: number, cy: number, r: number) => (x: number, y: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const solid = (color: Rgba) => (): Rgba => color;
const fold = 120;
const page = { x0: 292, y0: 196, x1: 732, y1: 828 };

// Painted in order, later shapes on top.
const shapes: readonly Shape[] = [
  {
    inside: roundedRect(48, 48, 976, 976, 212),
    color: (_x, y) => {
      const t = y / size;
      return [Math.round(15 + 4 * t), Math.round(118 - 40 * t), Math.round(110 - 36 * t), 255];
    },
  },
  {
    inside: (x, y) => roundedRect(page.x0, page.y0, page.x1, page.y1, 28)(x, y) && x - (page.x1 - fold) < y - page.y0,
    color: solid([248, 250, 252, 255]),
  },
  { inside: (x, y) => x >= page.x1 - fold && y <= page.y0 + fold && x - (page.x1 - fold) <= y - page.y0, color: solid([203, 213, 225, 255]) },
  ...[340, 430, 520].map((top, index) => ({
    inside: roundedRect(372, top, index === 2 ? 560 : 652, top + 40, 20),
    color: solid([100, 116, 139, 255]),
  })),
  { inside: circle(640, 716, 112), color: solid([217, 119, 6, 255]) },
  { inside: circle(640, 716, 76), color: solid([251, 191, 36, 255]) },
];

function pixel(px: number, py: number): Rgba {
  const sum = [0, 0, 0, 0];
  for (let sy = 0; sy < samples; sy += 1) {
    for (let sx = 0; sx < samples; sx += 1) {
      const x = px + (sx + 0.5) / samples;
      const y = py + (sy + 0.5) / samples;
      let color: Rgba = [0, 0, 0, 0];
      for (const shape of shapes) if (shape.inside(x, y)) color = shape.color(x, y);
      // Premultiplied, so transparent samples do not darken the edges.
      sum[0] = (sum[0] ?? 0) + (color[0] * color[3]) / 255;
      sum[1] = (sum[1] ?? 0) + (color[1] * color[3]) / 255;
      sum[2] = (sum[2] ?? 0) + (color[2] * color[3]) / 255;
      sum[3] = (sum[3] ?? 0) + color[3];
    }
  }
  const alpha = (sum[3] ?? 0) / (samples * samples);
  const unpremultiply = (channel: number | undefined) => (alpha === 0 ? 0 : Math.round(((channel ?? 0) / (samples * samples)) * (255 / alpha)));
  return [unpremultiply(sum[0]), unpremultiply(sum[1]), unpremultiply(sum[2]), Math.round(alpha)];
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function drawIcon(): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    const start = y * (size * 4 + 1);
    rows[start] = 0; // filter: none
    for (let x = 0; x < size; x += 1) rows.set(pixel(x, y), start + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter set, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

if (import.meta.main) {
  const out = join(import.meta.dirname, 'icon.png');
  writeFileSync(out, drawIcon());
  console.log(`wrote ${out}`);
}
