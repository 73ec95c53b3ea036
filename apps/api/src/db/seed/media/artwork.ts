import { cachedFile } from './file-cache.ts';
import {
  areaBelow,
  type Canvas,
  circle,
  createCanvas,
  createRandom,
  encodePng,
  glow,
  hex,
  linearGradient,
  mix,
  type Point,
  polygon,
  type Rgb,
  rect,
  seedOf,
} from './raster.ts';

/** The pictures the demo data draws; each motif takes a palette of hex colours and a seed text. */
export type Motif =
  | 'solar'
  | 'wind'
  | 'city'
  | 'chart'
  | 'alps-hotel'
  | 'biogas'
  | 'harbour'
  | 'geothermal'
  | 'care'
  | 'forest'
  | 'bauhaus'
  | 'horizon'
  | 'neon'
  | 'lowpoly'
  | 'mountains'
  | 'orbits'
  | 'vinyl'
  | 'equalizer'
  | 'flow';

export type ArtworkSpec = {
  motif: Motif;
  palette: readonly string[];
  seed: string;
  width?: number;
  height?: number;
};

type Draw = (cv: Canvas, rnd: () => number, p: readonly Rgb[]) => void;

const pick = <T>(list: readonly T[], i: number): T => list[((i % list.length) + list.length) % list.length]!;

const sky = (cv: Canvas, p: readonly Rgb[]) => linearGradient(cv, [p[0]!, p[1]!], 90);

function hills(cv: Canvas, rnd: () => number, colours: readonly Rgb[], top: number, amp: number) {
  colours.forEach((c, k) => {
    const phase = rnd() * 10;
    const base = top + (k * (cv.height - top)) / (colours.length + 1);
    areaBelow(cv, (x) => base + Math.sin(x / (140 + k * 40) + phase) * amp * (1 - k * 0.15), c);
  });
}

const draws: Record<Motif, Draw> = {
  solar(cv, rnd, p) {
    sky(cv, p);
    const sx = cv.width * (0.65 + rnd() * 0.15);
    glow(cv, sx, cv.height * 0.3, cv.height * 0.55, p[2]!, 0.55);
    circle(cv, sx, cv.height * 0.3, cv.height * 0.1, p[2]!);
    hills(cv, rnd, [mix(p[3]!, p[1]!, 0.4), p[3]!], cv.height * 0.55, 18);
    // rows of panels in perspective
    for (let row = 0; row < 5; row++) {
      const y = cv.height * (0.66 + row * 0.07);
      const h = 14 + row * 5;
      const skew = 10 + row * 4;
      for (let x = -40 + row * 17; x < cv.width; x += 70 + row * 14) {
        const w = 52 + row * 11;
        const panel: Point[] = [
          [x + skew, y],
          [x + w + skew, y],
          [x + w, y + h],
          [x, y + h],
        ];
        polygon(cv, panel, p[4]!);
        polygon(
          cv,
          panel.slice(0, 2).concat([
            [x + w + skew * 0.5, y + h * 0.5],
            [x + skew * 0.5, y + h * 0.5],
          ]),
          p[5]!,
          0.35,
        );
      }
    }
  },
  wind(cv, rnd, p) {
    sky(cv, p);
    glow(cv, cv.width * 0.2, cv.height * 0.2, cv.height * 0.5, p[2]!, 0.35);
    for (let t = 0; t < 4; t++) {
      const x = cv.width * (0.18 + t * 0.22 + rnd() * 0.05);
      const top = cv.height * (0.22 + t * 0.05);
      const base = cv.height * 0.72;
      const scale = 1 - t * 0.12;
      polygon(
        cv,
        [
          [x - 3 * scale, top],
          [x + 3 * scale, top],
          [x + 6 * scale, base],
          [x - 6 * scale, base],
        ],
        p[3]!,
      );
      const angle = rnd() * Math.PI * 2;
      for (let b = 0; b < 3; b++) {
        const a = angle + (b * Math.PI * 2) / 3;
        const len = 120 * scale;
        const tip: Point = [x + Math.cos(a) * len, top + Math.sin(a) * len];
        const side = a + Math.PI / 2;
        polygon(
          cv,
          [
            [x + Math.cos(side) * 6 * scale, top + Math.sin(side) * 6 * scale],
            tip,
            [x - Math.cos(side) * 3 * scale, top - Math.sin(side) * 3 * scale],
          ],
          p[3]!,
        );
      }
      circle(cv, x, top, 7 * scale, p[3]!);
    }
    [p[4]!, mix(p[4]!, p[5]!, 0.5), p[5]!].forEach((c, k) => {
      const phase = rnd() * 6;
      areaBelow(
        cv,
        (x) => cv.height * (0.7 + k * 0.08) + Math.sin(x / (45 + k * 20) + phase) * (6 + k * 3),
        c,
        0.92,
      );
    });
  },
  city(cv, rnd, p) {
    sky(cv, p);
    glow(cv, cv.width * 0.75, cv.height * 0.35, cv.height * 0.6, p[2]!, 0.5);
    for (let layer = 0; layer < 2; layer++) {
      const colour = layer === 0 ? mix(p[3]!, p[1]!, 0.45) : p[3]!;
      let x = -10;
      while (x < cv.width) {
        const w = 50 + rnd() * 70;
        const h = cv.height * (layer === 0 ? 0.35 + rnd() * 0.3 : 0.2 + rnd() * 0.35);
        const y = cv.height - h;
        rect(cv, x, y, w, h, colour);
        if (layer === 1) {
          for (let wy = y + 12; wy < cv.height - 14; wy += 20) {
            for (let wx = x + 8; wx < x + w - 14; wx += 16) {
              if (rnd() < 0.55) rect(cv, wx, wy, 8, 10, p[4]!, 0.9);
            }
          }
        }
        x += w + 4 + rnd() * 10;
      }
    }
  },
  chart(cv, rnd, p) {
    linearGradient(cv, [p[0]!, p[1]!], 45);
    for (let gx = 0; gx < cv.width; gx += 50) rect(cv, gx, 0, 1, cv.height, p[2]!, 0.12);
    for (let gy = 0; gy < cv.height; gy += 50) rect(cv, 0, gy, cv.width, 1, p[2]!, 0.12);
    const bars = 10;
    const bw = cv.width / (bars * 1.6);
    const pts: Point[] = [];
    for (let b = 0; b < bars; b++) {
      const h = cv.height * (0.18 + (b / bars) * 0.5 + rnd() * 0.12);
      const x = cv.width * 0.08 + b * bw * 1.5;
      rect(cv, x, cv.height - h - 40, bw, h, mix(p[3]!, p[4]!, b / bars), 0.9);
      pts.push([x + bw / 2, cv.height - h - 70]);
    }
    for (let k = 0; k + 1 < pts.length; k++) {
      const [ax, ay] = pts[k]!;
      const [bx, by] = pts[k + 1]!;
      const nx = (-(by - ay) / Math.hypot(bx - ax, by - ay)) * 2.5;
      const ny = ((bx - ax) / Math.hypot(bx - ax, by - ay)) * 2.5;
      polygon(
        cv,
        [
          [ax + nx, ay + ny],
          [bx + nx, by + ny],
          [bx - nx, by - ny],
          [ax - nx, ay - ny],
        ],
        p[5]!,
      );
      circle(cv, ax, ay, 6, p[5]!);
    }
  },
  'alps-hotel'(cv, rnd, p) {
    sky(cv, p);
    glow(cv, cv.width * 0.3, cv.height * 0.25, cv.height * 0.5, p[2]!, 0.4);
    for (let k = 0; k < 2; k++) {
      const pts: Point[] = [[0, cv.height]];
      for (let x = 0; x <= cv.width; x += 80) pts.push([x, cv.height * (0.3 + k * 0.12) + rnd() * 90]);
      pts.push([cv.width, cv.height]);
      polygon(cv, pts, mix(p[3]!, p[1]!, 0.5 - k * 0.3));
    }
    const bx = cv.width * 0.32;
    const by = cv.height * 0.38;
    rect(cv, bx, by, cv.width * 0.36, cv.height * 0.62, p[4]!);
    polygon(
      cv,
      [
        [bx - 20, by + 2],
        [bx + cv.width * 0.18, by - 70],
        [bx + cv.width * 0.36 + 20, by + 2],
      ],
      p[5]!,
    );
    for (let wy = by + 30; wy < cv.height - 40; wy += 44) {
      for (let wx = bx + 22; wx < bx + cv.width * 0.36 - 30; wx += 38) rect(cv, wx, wy, 18, 26, p[2]!, 0.85);
    }
  },
  biogas(cv, rnd, p) {
    sky(cv, p);
    glow(cv, cv.width * 0.8, cv.height * 0.2, cv.height * 0.45, p[2]!, 0.45);
    const domes = 3;
    for (let d = 0; d < domes; d++) {
      const r = 70 + d * 18;
      const x = cv.width * (0.22 + d * 0.26) + rnd() * 20;
      circle(cv, x, cv.height * 0.64, r, mix(p[3]!, p[4]!, d / domes));
      circle(cv, x, cv.height * 0.64, r * 0.8, p[4]!, 0.25, 3);
    }
    hills(cv, rnd, [p[5]!, mix(p[5]!, p[0]!, 0.4), mix(p[5]!, p[3]!, 0.6)], cv.height * 0.62, 14);
  },
  harbour(cv, rnd, p) {
    sky(cv, p);
    const colours = [p[2]!, p[3]!, p[4]!, p[5]!];
    for (let col = 0; col < 9; col++) {
      const stack = 1 + Math.floor(rnd() * 4);
      for (let s = 0; s < stack; s++) {
        const x = 40 + col * 82;
        const y = cv.height * 0.68 - (s + 1) * 42;
        const c = pick(colours, Math.floor(rnd() * 4));
        rect(cv, x, y, 78, 40, c);
        for (let r = x + 6; r < x + 74; r += 8) rect(cv, r, y + 4, 2, 32, mix(c, hex('#000000'), 0.25), 0.8);
      }
    }
    // a crane
    rect(cv, cv.width * 0.82, cv.height * 0.12, 10, cv.height * 0.56, p[1]!, 0.9);
    rect(cv, cv.width * 0.5, cv.height * 0.12, cv.width * 0.45, 8, p[1]!, 0.9);
    rect(cv, cv.width * 0.58, cv.height * 0.13, 2, cv.height * 0.22, p[1]!, 0.9);
    [mix(p[0]!, p[1]!, 0.4), p[1]!].forEach((c, k) => {
      areaBelow(cv, (x) => cv.height * (0.7 + k * 0.1) + Math.sin(x / 30 + k) * 3, c, 0.95);
    });
  },
  geothermal(cv, rnd, p) {
    linearGradient(cv, [p[0]!, p[1]!], 90);
    const layers = [p[2]!, p[3]!, p[4]!, p[5]!];
    layers.forEach((c, k) => {
      const phase = rnd() * 5;
      areaBelow(cv, (x) => cv.height * (0.25 + k * 0.18) + Math.sin(x / 120 + phase) * 16, c);
    });
    for (let r = 40; r < 420; r += 36) circle(cv, cv.width * 0.55, cv.height * 1.05, r, p[2]!, 0.28, 4);
    glow(cv, cv.width * 0.55, cv.height * 1.02, cv.height * 0.5, hex('#ffb347'), 0.6);
    rect(cv, cv.width * 0.55 - 3, cv.height * 0.1, 6, cv.height * 0.78, p[0]!, 0.95);
    rect(cv, cv.width * 0.55 - 30, cv.height * 0.1, 60, 22, p[0]!);
  },
  care(cv, rnd, p) {
    sky(cv, p);
    glow(cv, cv.width * 0.5, cv.height * 0.4, cv.height * 0.6, p[2]!, 0.45);
    // dome silhouette of an old town skyline
    const y = cv.height * 0.62;
    circle(cv, cv.width * 0.5, y - 110, 60, p[3]!);
    rect(cv, cv.width * 0.5 - 60, y - 110, 120, 120, p[3]!);
    rect(cv, cv.width * 0.5 - 6, y - 200, 12, 40, p[3]!);
    for (let k = 0; k < 12; k++) {
      const w = 40 + rnd() * 50;
      const x = k * 70 - 10;
      const h = 60 + rnd() * 70;
      rect(cv, x, y - h, w, h + 10, mix(p[3]!, p[1]!, 0.3));
      polygon(
        cv,
        [
          [x - 4, y - h],
          [x + w / 2, y - h - 30],
          [x + w + 4, y - h],
        ],
        mix(p[3]!, p[1]!, 0.3),
      );
    }
    hills(cv, rnd, [p[4]!, p[5]!], cv.height * 0.66, 10);
  },
  forest(cv, rnd, p) {
    sky(cv, p);
    glow(cv, cv.width * 0.5, cv.height * 0.55, cv.height * 0.6, p[2]!, 0.6);
    for (let layer = 0; layer < 4; layer++) {
      const colour = mix(p[1]!, p[3]!, (layer + 1) / 4);
      const base = cv.height * (0.55 + layer * 0.12);
      for (let x = -20; x < cv.width + 20; x += 16 + rnd() * 22) {
        const h = 60 + rnd() * 90 + layer * 20;
        const w = h * 0.28;
        polygon(
          cv,
          [
            [x, base - h],
            [x + w, base + 4],
            [x - w, base + 4],
          ],
          colour,
        );
      }
      rect(cv, 0, base, cv.width, cv.height - base, colour);
    }
  },
  bauhaus(cv, rnd, p) {
    linearGradient(cv, [p[0]!, mix(p[0]!, p[1]!, 0.3)], 90);
    const shapes = 9;
    for (let s = 0; s < shapes; s++) {
      const c = pick(p.slice(1), s);
      const x = rnd() * cv.width;
      const y = rnd() * cv.height;
      const size = 60 + rnd() * 180;
      const kind = s % 3;
      if (kind === 0) circle(cv, x, y, size / 2, c, 0.9);
      else if (kind === 1) rect(cv, x - size / 2, y - size / 3, size, size * 0.66, c, 0.85);
      else
        polygon(
          cv,
          [
            [x, y - size / 2],
            [x + size / 2, y + size / 2],
            [x - size / 2, y + size / 2],
          ],
          c,
          0.85,
        );
    }
    rect(cv, 0, cv.height * 0.48, cv.width, 6, p[4]!, 0.9);
  },
  horizon(cv, rnd, p) {
    linearGradient(cv, [p[0]!, p[1]!, p[2]!], 90);
    const hy = cv.height * (0.55 + rnd() * 0.08);
    circle(cv, cv.width * 0.5, hy - 40, 70, p[3]!);
    glow(cv, cv.width * 0.5, hy - 40, 260, p[3]!, 0.35);
    rect(cv, 0, hy, cv.width, cv.height - hy, p[4]!);
    for (let k = 0; k < 14; k++) {
      const y = hy + 8 + k * ((cv.height - hy) / 15);
      const w = 150 - k * 6 + rnd() * 40;
      rect(cv, cv.width * 0.5 - w / 2, y, w, 3 + k * 0.4, p[3]!, 0.6 - k * 0.03);
    }
  },
  neon(cv, rnd, p) {
    linearGradient(cv, [p[0]!, p[1]!], 70);
    for (let k = 0; k < 7; k++) {
      const c = pick(p.slice(2), k);
      const x = rnd() * cv.width * 1.4 - cv.width * 0.2;
      const w = 6 + rnd() * 10;
      const tilt = cv.height * 0.6;
      polygon(
        cv,
        [
          [x, 0],
          [x + w, 0],
          [x + w - tilt, cv.height],
          [x - tilt, cv.height],
        ],
        c,
        0.9,
      );
      glow(cv, x - tilt / 2, cv.height / 2, 120, c, 0.2);
    }
    for (let r = 0; r < 3; r++)
      circle(cv, rnd() * cv.width, rnd() * cv.height, 40 + rnd() * 60, pick(p, r + 2), 0.9, 5);
  },
  lowpoly(cv, rnd, p) {
    const cell = 80;
    const cols = Math.ceil(cv.width / cell) + 1;
    const rows = Math.ceil(cv.height / cell) + 1;
    // the background fills the hairlines between anti-aliased triangles; the grid starts half a cell
    // outside the canvas so the jittered points still cover every edge
    linearGradient(cv, [p[0]!, p[1]!, p[2]!], 35);
    const grid: Point[] = [];
    for (let r = 0; r <= rows; r++) {
      for (let c = 0; c <= cols; c++)
        grid.push([
          (c - 0.5) * cell + (rnd() - 0.5) * cell * 0.7,
          (r - 0.5) * cell + (rnd() - 0.5) * cell * 0.7,
        ]);
    }
    const at = (r: number, c: number) => grid[r * (cols + 1) + c]!;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const t = (c / cols + r / rows) / 2;
        const base = t < 0.5 ? mix(p[0]!, p[1]!, t * 2) : mix(p[1]!, p[2]!, (t - 0.5) * 2);
        polygon(cv, [at(r, c), at(r, c + 1), at(r + 1, c)], mix(base, p[3]!, rnd() * 0.25));
        polygon(cv, [at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)], mix(base, p[4]!, rnd() * 0.25));
      }
    }
  },
  mountains(cv, rnd, p) {
    sky(cv, p);
    circle(cv, cv.width * (0.2 + rnd() * 0.6), cv.height * 0.22, 38, p[2]!, 0.95);
    for (let k = 0; k < 4; k++) {
      const pts: Point[] = [[0, cv.height]];
      let y = cv.height * (0.35 + k * 0.13);
      for (let x = 0; x <= cv.width; x += 40) {
        y += (rnd() - 0.5) * 70;
        y = Math.max(cv.height * (0.25 + k * 0.1), Math.min(cv.height * (0.6 + k * 0.1), y));
        pts.push([x, y]);
      }
      pts.push([cv.width, cv.height]);
      polygon(cv, pts, mix(p[3]!, p[4]!, k / 3));
    }
  },
  orbits(cv, rnd, p) {
    linearGradient(cv, [p[0]!, p[1]!], 135);
    const cx = cv.width * 0.5;
    const cy = cv.height * 0.5;
    glow(cv, cx, cy, cv.height * 0.6, p[2]!, 0.35);
    for (let k = 0; k < 9; k++) {
      circle(cv, cx, cy, 40 + k * 32, pick(p.slice(2), k), 0.55, 2 + (k % 3));
      const a = rnd() * Math.PI * 2;
      circle(
        cv,
        cx + Math.cos(a) * (40 + k * 32),
        cy + Math.sin(a) * (40 + k * 32),
        6 + (k % 4) * 3,
        pick(p.slice(2), k + 1),
      );
    }
    circle(cv, cx, cy, 28, p[2]!);
  },
  vinyl(cv, rnd, p) {
    linearGradient(cv, [p[0]!, p[1]!], 45);
    const cx = cv.width / 2;
    const cy = cv.height / 2;
    const r = Math.min(cv.width, cv.height) * 0.42;
    circle(cv, cx, cy, r, p[2]!);
    for (let g = r * 0.4; g < r - 4; g += 6) circle(cv, cx, cy, g, p[3]!, 0.25 + rnd() * 0.2, 1.2);
    circle(cv, cx, cy, r * 0.33, p[4]!);
    circle(cv, cx, cy, 8, p[0]!);
  },
  equalizer(cv, rnd, p) {
    linearGradient(cv, [p[0]!, p[1]!], 90);
    const bars = 24;
    const bw = cv.width / bars;
    for (let b = 0; b < bars; b++) {
      const h = cv.height * (0.1 + Math.abs(Math.sin(b * 0.55 + rnd())) * 0.6);
      const c = mix(p[2]!, p[3]!, b / bars);
      for (let y = cv.height * 0.85; y > cv.height * 0.85 - h; y -= 14)
        rect(cv, b * bw + 3, y - 10, bw - 6, 10, c, 0.95);
    }
    glow(cv, cv.width * 0.5, cv.height * 0.2, cv.width * 0.5, p[4]!, 0.3);
  },
  flow(cv, rnd, p) {
    linearGradient(cv, [p[0]!, p[1]!], 0);
    for (let k = 0; k < 6; k++) {
      const phase = rnd() * 6;
      const freq = 90 + rnd() * 120;
      areaBelow(
        cv,
        (x) => cv.height * (0.2 + k * 0.13) + Math.sin(x / freq + phase) * 40,
        pick(p.slice(2), k),
        0.7,
      );
    }
  },
};

// Pictures are deterministic: draw each once per process, whatever number of seeds run in it.
const cache = new Map<string, Promise<Buffer>>();

/** A PNG picture for the demo data (default 800 x 600). */
export function renderArtwork(spec: ArtworkSpec): Promise<Buffer> {
  const width = spec.width ?? 800;
  const height = spec.height ?? 600;
  const key = JSON.stringify([spec.motif, spec.palette, spec.seed, width, height]);
  let hit = cache.get(key);
  if (!hit) {
    hit = cachedFile(key, () => {
      const cv = createCanvas(width, height);
      draws[spec.motif](cv, createRandom(seedOf(spec.seed)), spec.palette.map(hex));
      return encodePng(cv);
    });
    cache.set(key, hit);
  }
  return hit;
}

// 5 x 7 pixel capitals for the initials on avatars.
const GLYPHS: Record<string, string> = {
  A: '01110100011000111111100011000110001',
  B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110',
  D: '11110100011000110001100011000111110',
  E: '11111100001000011110100001000011111',
  F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111',
  H: '10001100011000111111100011000110001',
  I: '01110001000010000100001000010001110',
  J: '00111000100001000010000101001001100',
  K: '10001100101010011000101001001010001',
  L: '10000100001000010000100001000011111',
  M: '10001110111010110101100011000110001',
  N: '10001110011010110011100011000110001',
  O: '01110100011000110001100011000101110',
  P: '11110100011000111110100001000010000',
  Q: '01110100011000110001101011001001101',
  R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110',
  T: '11111001000010000100001000010000100',
  U: '10001100011000110001100011000101110',
  V: '10001100011000110001100010101000100',
  W: '10001100011000110101101011010101010',
  X: '10001100010101000100010101000110001',
  Y: '10001100010101000100001000010000100',
  Z: '11111000010001000100010001000011111',
};

/**
 * Avatar edge in pixels: the largest place an avatar shows is 48 CSS px (top creators), so 96 px
 * stays sharp at 2x without sending a 256 px picture to be shrunk.
 */
export const avatarSize = 96;

/** A round avatar (`avatarSize` square PNG) with the person's initials on a gradient. */
export function renderAvatar(opts: {
  initials: string;
  palette: readonly string[];
  seed: string;
}): Promise<Buffer> {
  const key = JSON.stringify(['avatar', opts]);
  let hit = cache.get(key);
  if (!hit) {
    hit = cachedFile(key, () => drawAvatar(opts));
    cache.set(key, hit);
  }
  return hit;
}

function drawAvatar(opts: { initials: string; palette: readonly string[]; seed: string }): Promise<Buffer> {
  const size = avatarSize;
  const p = opts.palette.map(hex);
  const cv = createCanvas(size, size);
  const rnd = createRandom(seedOf(opts.seed));
  linearGradient(cv, [p[0]!, p[1]!], 45 + rnd() * 90);
  glow(cv, size * (0.2 + rnd() * 0.6), size * 0.2, size * 0.8, p[2]!, 0.45);
  circle(cv, size / 2, size / 2, size * 0.4, p[2]!, 0.25, Math.max(1, Math.round(size / 85)));
  const letters = opts.initials.toUpperCase().slice(0, 2);
  // Glyph cells of 5 x 7: two letters and their gap take half the width.
  const px = Math.max(1, Math.round(size / 25));
  const gap = 2 * px;
  const textWidth = letters.length * 5 * px + (letters.length - 1) * gap;
  let x0 = (size - textWidth) / 2;
  const y0 = (size - 7 * px) / 2;
  for (const letter of letters) {
    const glyph = GLYPHS[letter] ?? GLYPHS.X!;
    for (let i = 0; i < 35; i++) {
      if (glyph[i] === '1') rect(cv, x0 + (i % 5) * px, y0 + Math.floor(i / 5) * px, px, px, p[3]!);
    }
    x0 += 5 * px + gap;
  }
  return encodePng(cv);
}
