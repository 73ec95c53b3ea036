import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

/** An RGB colour, each channel 0-255. */
export type Rgb = readonly [number, number, number];
export type Point = readonly [number, number];

/** An 8-bit RGB pixel buffer; shapes are drawn with anti-aliased edges. */
export type Canvas = { width: number; height: number; data: Uint8Array };

export function createCanvas(width: number, height: number): Canvas {
  return { width, height, data: new Uint8Array(width * height * 3) };
}

/** `#rrggbb` -> Rgb. */
export function hex(value: string): Rgb {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so every run draws the same pictures. */
export function createRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number from a string, to seed the random numbers of one picture. */
export function seedOf(text: string): number {
  return crc32(text);
}

/** Fills the canvas with a gradient through `stops` along the direction `angleDeg` (0 = left to right). */
export function linearGradient(cv: Canvas, stops: readonly Rgb[], angleDeg: number) {
  const { width, height, data } = cv;
  const rad = (angleDeg * Math.PI) / 180;
  const dx = Math.cos(rad);
  const dy = Math.sin(rad);
  const corners = [0, width * dx, height * dy, width * dx + height * dy];
  const min = Math.min(...corners);
  const span = Math.max(...corners) - min || 1;
  // a lookup table of 1024 colours keeps the per-pixel work to one projection
  const lut = new Uint8Array(1024 * 3);
  const segments = stops.length - 1;
  for (let k = 0; k < 1024; k++) {
    const t = (k / 1023) * segments;
    const s = Math.min(Math.floor(t), segments - 1);
    const c = mix(stops[s]!, stops[s + 1]!, t - s);
    lut[k * 3] = c[0];
    lut[k * 3 + 1] = c[1];
    lut[k * 3 + 2] = c[2];
  }
  if (Math.abs(dx) < 1e-9) {
    // vertical: one colour per row
    for (let y = 0; y < height; y++) {
      const k = ((((y * dy - min) / span) * 1023) | 0) * 3;
      const row = y * width * 3;
      data[row] = lut[k]!;
      data[row + 1] = lut[k + 1]!;
      data[row + 2] = lut[k + 2]!;
      for (let n = 3; n < width * 3; n *= 2) data.copyWithin(row + n, row, row + Math.min(n, width * 3 - n));
    }
    return;
  }
  for (let y = 0; y < height; y++) {
    const base = y * dy - min;
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const k = (((x * dx + base) / span) * 1023) | 0;
      data[i] = lut[k * 3]!;
      data[i + 1] = lut[k * 3 + 1]!;
      data[i + 2] = lut[k * 3 + 2]!;
    }
  }
}

/** A soft glow: opacity falls off from `alpha` at the centre to 0 at radius `r`. */
export function glow(cv: Canvas, cx: number, cy: number, r: number, c: Rgb, alpha: number) {
  const { width, height, data } = cv;
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(height - 1, Math.ceil(cy + r));
  const inv = 1 / (r * r);
  const [cr, cg, cb] = c;
  for (let y = y0; y <= y1; y++) {
    const ddy = (y + 0.5 - cy) ** 2;
    if (ddy >= r * r) continue;
    const half = Math.sqrt(r * r - ddy);
    const xa = Math.max(0, Math.floor(cx - half));
    const xb = Math.min(width - 1, Math.ceil(cx + half));
    let i = (y * width + xa) * 3;
    for (let x = xa; x <= xb; x++, i += 3) {
      // (1 - d^2/r^2)^2 avoids a square root per pixel and looks as soft as a linear fall-off squared
      const f = 1 - ((x + 0.5 - cx) ** 2 + ddy) * inv;
      if (f <= 0) continue;
      const a = alpha * f * f;
      data[i] = data[i]! + (cr - data[i]!) * a;
      data[i + 1] = data[i + 1]! + (cg - data[i + 1]!) * a;
      data[i + 2] = data[i + 2]! + (cb - data[i + 2]!) * a;
    }
  }
}

/** A filled circle (or a ring of width `ring` when given) with an anti-aliased edge. */
export function circle(cv: Canvas, cx: number, cy: number, r: number, c: Rgb, alpha = 1, ring = 0) {
  const { width, height, data } = cv;
  const y0 = Math.max(0, Math.floor(cy - r - 1));
  const y1 = Math.min(height - 1, Math.ceil(cy + r + 1));
  const inner = ring > 0 ? r - ring : -1;
  const [cr, cg, cb] = c;
  for (let y = y0; y <= y1; y++) {
    const ddy = (y + 0.5 - cy) ** 2;
    const outerSq = (r + 1) ** 2 - ddy;
    if (outerSq <= 0) continue;
    const half = Math.sqrt(outerSq);
    // pixels closer than inner - 1 are fully inside the hole of a ring: skip them
    const holeSq = inner > 1 ? (inner - 1) ** 2 - ddy : -1;
    const hole = holeSq > 0 ? Math.sqrt(holeSq) : -1;
    const solidSq = (r - 1) ** 2 - ddy;
    const solid = inner < 0 && solidSq > 0 ? Math.sqrt(solidSq) : -1;
    const xa = Math.max(0, Math.floor(cx - half));
    const xb = Math.min(width - 1, Math.ceil(cx + half));
    for (let x = xa; x <= xb; x++) {
      const dx = Math.abs(x + 0.5 - cx);
      if (dx < hole) {
        x = Math.max(x, Math.floor(cx + hole) - 1);
        continue;
      }
      let cov: number;
      if (dx < solid) cov = 1;
      else {
        const d = Math.sqrt(dx * dx + ddy);
        cov = Math.min(1, Math.max(0, r - d + 0.5));
        if (inner >= 0) cov = Math.min(cov, Math.min(1, Math.max(0, d - inner + 0.5)));
        if (cov <= 0) continue;
      }
      const a = alpha * cov;
      const i = (y * width + x) * 3;
      data[i] = data[i]! + (cr - data[i]!) * a;
      data[i + 1] = data[i + 1]! + (cg - data[i + 1]!) * a;
      data[i + 2] = data[i + 2]! + (cb - data[i + 2]!) * a;
    }
  }
}

const SUBSAMPLES = 4;
const SUB_WEIGHT = 1 / SUBSAMPLES;

/**
 * A filled polygon (even-odd rule), anti-aliased by 4 sub-scanlines with fractional horizontal
 * coverage. Spans add their inner pixels to a difference array (constant work per span) and their two
 * partial end pixels to `edge`; one pass per row then sums and blends.
 */
export function polygon(cv: Canvas, points: readonly Point[], c: Rgb, alpha = 1) {
  const { width, height, data } = cv;
  const n = points.length;
  // edges as flat arrays: top y, bottom y, x at top, dx per unit of y
  const top = new Float64Array(n);
  const bottom = new Float64Array(n);
  const xTop = new Float64Array(n);
  const slope = new Float64Array(n);
  let edges = 0;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    const a = points[k]!;
    const b = points[(k + 1) % n]!;
    const ax = a[0];
    const ay = a[1];
    const bx = b[0];
    const by = b[1];
    minY = Math.min(minY, ay);
    maxY = Math.max(maxY, ay);
    minX = Math.min(minX, ax);
    maxX = Math.max(maxX, ax);
    if (ay === by) continue;
    const up = ay < by;
    top[edges] = up ? ay : by;
    bottom[edges] = up ? by : ay;
    xTop[edges] = up ? ax : bx;
    slope[edges] = (bx - ax) / (by - ay);
    edges++;
  }
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(height - 1, Math.ceil(maxY));
  const x0 = Math.max(0, Math.floor(minX));
  const x1 = Math.min(width - 1, Math.ceil(maxX));
  if (x1 < x0 || y1 < y0) return;
  const span = x1 - x0 + 2;
  const delta = new Float32Array(span + 1);
  const edge = new Float32Array(span + 1);
  const xs = new Float64Array(edges);
  // active edge list: edges sorted by top enter when the row reaches them and leave below their bottom
  const order = Int32Array.from({ length: edges }, (_, e) => e).sort((a, b) => top[a]! - top[b]!);
  const active = new Int32Array(edges);
  let activeCount = 0;
  let next = 0;
  const [cr, cg, cb] = c;
  for (let y = y0; y <= y1; y++) {
    while (next < edges && top[order[next]!]! < y + 1) active[activeCount++] = order[next++]!;
    let kept = 0;
    for (let k = 0; k < activeCount; k++) if (bottom[active[k]!]! > y) active[kept++] = active[k]!;
    activeCount = kept;
    if (activeCount === 0) continue;
    let lo = span;
    let hi = -1;
    for (let s = 0; s < SUBSAMPLES; s++) {
      const sy = y + (s + 0.5) * SUB_WEIGHT;
      let m = 0;
      for (let k = 0; k < activeCount; k++) {
        const e = active[k]!;
        if (sy < top[e]! || sy >= bottom[e]!) continue;
        // insertion keeps the few crossings sorted
        const v = xTop[e]! + (sy - top[e]!) * slope[e]!;
        let j = m++;
        while (j > 0 && xs[j - 1]! > v) {
          xs[j] = xs[j - 1]!;
          j--;
        }
        xs[j] = v;
      }
      for (let k = 0; k + 1 < m; k += 2) {
        const a = Math.max(x0, xs[k]!) - x0;
        const b = Math.min(x1 + 1, xs[k + 1]!) - x0;
        if (b <= a) continue;
        const ia = Math.floor(a);
        const ib = Math.floor(b);
        if (ia < lo) lo = ia;
        if (ib > hi) hi = ib;
        if (ia === ib) {
          edge[ia] = edge[ia]! + (b - a) * SUB_WEIGHT;
          continue;
        }
        edge[ia] = edge[ia]! + (ia + 1 - a) * SUB_WEIGHT;
        delta[ia + 1] = delta[ia + 1]! + SUB_WEIGHT;
        delta[ib] = delta[ib]! - SUB_WEIGHT;
        edge[ib] = edge[ib]! + (b - ib) * SUB_WEIGHT;
      }
    }
    if (hi < lo) continue;
    let run = 0;
    let i = (y * width + x0 + lo) * 3;
    for (let x = lo; x <= hi; x++, i += 3) {
      run += delta[x]!;
      const cov = run + edge[x]!;
      delta[x] = 0;
      edge[x] = 0;
      if (x + x0 > x1 || cov < 0.001) continue;
      if (cov >= 0.999 && alpha === 1) {
        data[i] = cr;
        data[i + 1] = cg;
        data[i + 2] = cb;
        continue;
      }
      const a = alpha * Math.min(cov, 1);
      data[i] = data[i]! + (cr - data[i]!) * a;
      data[i + 1] = data[i + 1]! + (cg - data[i + 1]!) * a;
      data[i + 2] = data[i + 2]! + (cb - data[i + 2]!) * a;
    }
  }
}

export function rect(cv: Canvas, x: number, y: number, w: number, h: number, c: Rgb, alpha = 1) {
  polygon(
    cv,
    [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ],
    c,
    alpha,
  );
}

/** The area below the curve y = f(x) down to the bottom edge, as a polygon. */
export function areaBelow(cv: Canvas, f: (x: number) => number, c: Rgb, alpha = 1, step = 8) {
  const pts: Point[] = [[0, cv.height + 1]];
  for (let x = 0; x <= cv.width + step; x += step) pts.push([Math.min(x, cv.width), f(x)]);
  pts.push([cv.width, cv.height + 1]);
  polygon(cv, pts, c, alpha);
}

/**
 * Encodes the canvas as an 8-bit RGB PNG. Filter "Sub" on every row makes smooth gradients compress
 * well; deflate level 2 runs on the libuv thread pool, several pictures at once, at a quarter of the
 * time of level 6 for files about 30 % larger.
 */
export async function encodePng(cv: Canvas): Promise<Buffer> {
  const { width, height, data } = cv;
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1) + 1;
    const s = y * stride;
    raw[o - 1] = 1;
    let pr = data[s]!;
    let pg = data[s + 1]!;
    let pb = data[s + 2]!;
    raw[o] = pr;
    raw[o + 1] = pg;
    raw[o + 2] = pb;
    for (let i = 3; i < stride; i += 3) {
      const r = data[s + i]!;
      const g = data[s + i + 1]!;
      const b = data[s + i + 2]!;
      raw[o + i] = r - pr;
      raw[o + i + 1] = g - pg;
      raw[o + i + 2] = b - pb;
      pr = r;
      pg = g;
      pb = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filters, no interlace
  const idat = await deflateAsync(raw, { level: 2 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}
