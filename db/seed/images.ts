/**
 * Locally generated placeholder photos for the seed data.
 *
 * Every picture is a hand-built SVG illustration (a shop front for index 0, interior views for the
 * other indices), rendered to WebP with sharp. Nothing is downloaded and no text is drawn (the
 * machine may have no fonts). All variation comes from a small deterministic PRNG, so the same
 * (kind, seed, index) always produces byte-identical output:
 *
 * - the business palette (wall, floor, wood, accents, lamp style…) is drawn from `seed` alone, so
 *   the 8–10 photos of one listing look like the same premises;
 * - the scene and its details are drawn from `${seed}:${index}`, so the photos differ.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { ObjectStore } from "../../app/server/storage.server";

export type SeedImageKind = "takeaway" | "cafe" | "dental" | "restaurant" | "shop";

const W = 1200;
const H = 800;
const WEBP_QUALITY = 78;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/** 32-bit FNV-1a over the UTF-16 code units of `str`. */
function fnv1a(str: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast, good enough for pictures. */
function mulberry32(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  private readonly next: () => number;
  constructor(key: string) {
    this.next = mulberry32(fnv1a(key));
  }
  float(): number {
    return this.next();
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  /** Integer in [a, b], both inclusive. */
  int(a: number, b: number): number {
    return a + Math.floor(this.next() * (b - a + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

type HSL = readonly [h: number, s: number, l: number];

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function hex(h: number, s: number, l: number): string {
  const hh = ((h % 360) + 360) % 360;
  const ss = clamp(s, 0, 100) / 100;
  const ll = clamp(l, 0, 100) / 100;
  const a = ss * Math.min(ll, 1 - ll);
  const ch = (n: number) => {
    const k = (n + hh / 30) % 12;
    const v = ll - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${ch(0)}${ch(8)}${ch(4)}`;
}

/** Colour `c` lightened by `dl`, saturated by `ds` and hue-shifted by `dh`. */
function col(c: HSL, dl = 0, ds = 0, dh = 0): string {
  return hex(c[0] + dh, c[1] + ds, c[2] + dl);
}

type LampStyle = "dome" | "cone" | "globe";

interface Palette {
  wall: HSL;
  wall2: HSL;
  floor: HSL;
  floorStyle: "planks" | "tiles";
  lower: "tiles" | "panel" | "plain";
  wood: HSL;
  accent: HSL;
  accent2: HSL;
  facade: HSL;
  facadeBrick: boolean;
  lamp: LampStyle;
  lampColor: HSL;
  glow: HSL;
  metal: HSL;
}

interface PaletteBase {
  walls: HSL[];
  wall2: HSL[];
  floors: HSL[];
  floorStyles: Palette["floorStyle"][];
  lowers: Palette["lower"][];
  woods: HSL[];
  accents: HSL[];
  accents2: HSL[];
  facades: HSL[];
  lamps: LampStyle[];
}

const EMERALD: HSL = [154, 58, 33];

const WARM_ITEMS = [
  "#c8553d",
  "#e09f3e",
  "#f2c14e",
  "#5b8e7d",
  "#2f6f5e",
  "#7a9e7e",
  "#8c5e3c",
  "#d98e73",
  "#4f7ca8",
  "#e76f51",
  "#e8dcc2",
];
const ITEM_COLORS: Record<SeedImageKind, readonly string[]> = {
  takeaway: ["#c8553d", "#e09f3e", "#f2c14e", "#5b8e7d", "#2f6f5e", "#d98e73", "#4f7ca8", "#6c9a8b", "#e76f51"],
  cafe: ["#6b4226", "#8a5a35", "#a8743f", "#c9a66b", "#5d7a4a", "#7f9a5e", "#d9c7a3", "#b5523b", "#2f5d50"],
  dental: ["#5aa9c9", "#7fc3b8", "#e3eef2", "#e9a6a6", "#9fc7e6", "#58b0a1", "#f2d6a2"],
  restaurant: ["#8c5e3c", "#c8553d", "#e09f3e", "#5b8e7d", "#d9c7a3", "#6b4226", "#2f6f5e"],
  shop: WARM_ITEMS,
};

const BASES: Record<SeedImageKind, PaletteBase> = {
  takeaway: {
    walls: [
      [34, 48, 86],
      [16, 42, 64],
      [42, 62, 78],
      [150, 22, 82],
    ],
    wall2: [
      [36, 30, 94],
      [20, 30, 90],
    ],
    floors: [
      [24, 12, 34],
      [30, 18, 62],
      [10, 8, 46],
    ],
    floorStyles: ["tiles", "tiles", "planks"],
    lowers: ["tiles", "tiles", "panel"],
    woods: [
      [24, 42, 36],
      [30, 40, 48],
    ],
    accents: [EMERALD, [160, 55, 30], [148, 50, 36]],
    accents2: [
      [28, 88, 54],
      [6, 70, 50],
      [44, 90, 55],
    ],
    facades: [
      [14, 45, 42],
      [30, 30, 70],
      [20, 38, 52],
    ],
    lamps: ["cone", "dome", "globe"],
  },
  cafe: {
    walls: [
      [38, 42, 90],
      [96, 20, 76],
      [18, 40, 84],
      [160, 16, 80],
    ],
    wall2: [
      [150, 30, 40],
      [30, 30, 94],
      [22, 40, 60],
    ],
    floors: [
      [30, 36, 56],
      [26, 32, 46],
    ],
    floorStyles: ["planks", "planks", "tiles"],
    lowers: ["panel", "plain", "tiles"],
    woods: [
      [30, 46, 52],
      [26, 40, 40],
      [36, 40, 62],
    ],
    accents: [EMERALD, [156, 40, 30], [140, 32, 40]],
    accents2: [
      [16, 58, 58],
      [42, 70, 60],
      [350, 40, 66],
    ],
    facades: [
      [150, 35, 30],
      [20, 40, 55],
      [40, 25, 80],
    ],
    lamps: ["dome", "globe", "cone"],
  },
  dental: {
    walls: [
      [200, 45, 94],
      [188, 30, 90],
      [40, 20, 96],
      [170, 30, 91],
    ],
    wall2: [
      [200, 50, 80],
      [172, 40, 78],
    ],
    floors: [
      [200, 10, 84],
      [36, 28, 74],
    ],
    floorStyles: ["tiles", "planks"],
    lowers: ["plain", "panel"],
    woods: [
      [34, 40, 70],
      [30, 32, 62],
    ],
    accents: [
      [168, 52, 40],
      [158, 50, 38],
    ],
    accents2: [
      [204, 46, 66],
      [190, 40, 62],
      [172, 32, 62],
    ],
    facades: [
      [200, 16, 68],
      [30, 18, 70],
      [160, 14, 60],
    ],
    lamps: ["globe", "dome"],
  },
  restaurant: {
    walls: [
      [152, 36, 26],
      [348, 34, 32],
      [32, 36, 78],
      [210, 30, 30],
    ],
    wall2: [
      [28, 40, 30],
      [36, 30, 86],
    ],
    floors: [
      [24, 36, 32],
      [28, 30, 42],
    ],
    floorStyles: ["planks", "planks", "tiles"],
    lowers: ["panel", "panel", "plain"],
    woods: [
      [22, 46, 28],
      [26, 42, 36],
    ],
    accents: [
      [44, 70, 55],
      [38, 60, 50],
    ],
    accents2: [EMERALD, [350, 50, 40]],
    facades: [
      [150, 40, 22],
      [350, 30, 25],
      [220, 25, 25],
    ],
    lamps: ["globe", "dome", "cone"],
  },
  shop: {
    walls: [
      [46, 34, 92],
      [110, 16, 88],
      [28, 26, 90],
    ],
    wall2: [
      [150, 40, 36],
      [36, 40, 70],
    ],
    floors: [
      [40, 10, 78],
      [30, 14, 66],
    ],
    floorStyles: ["tiles", "tiles", "planks"],
    lowers: ["panel", "plain", "tiles"],
    woods: [
      [30, 44, 54],
      [34, 40, 62],
    ],
    accents: [[146, 55, 34], EMERALD],
    accents2: [
      [34, 86, 55],
      [8, 66, 52],
    ],
    facades: [
      [16, 40, 45],
      [40, 30, 75],
      [150, 30, 30],
    ],
    lamps: ["cone", "dome"],
  },
};

function jitter(r: Rng, c: HSL, dh = 6, ds = 5, dl = 3): HSL {
  return [c[0] + r.range(-dh, dh), c[1] + r.range(-ds, ds), c[2] + r.range(-dl, dl)];
}

function makePalette(kind: SeedImageKind, seed: string): Palette {
  const r = new Rng(`palette:${kind}:${seed}`);
  const b = BASES[kind];
  const lamp = r.pick(b.lamps);
  return {
    wall: jitter(r, r.pick(b.walls)),
    wall2: jitter(r, r.pick(b.wall2)),
    floor: jitter(r, r.pick(b.floors)),
    floorStyle: r.pick(b.floorStyles),
    lower: r.pick(b.lowers),
    wood: jitter(r, r.pick(b.woods)),
    accent: jitter(r, r.pick(b.accents), 5, 4, 3),
    accent2: jitter(r, r.pick(b.accents2)),
    facade: jitter(r, r.pick(b.facades)),
    facadeBrick: kind !== "dental" && r.chance(0.6),
    lamp,
    lampColor: r.pick<HSL>([
      [30, 10, 18],
      [40, 60, 55],
      [154, 45, 28],
      [30, 20, 90],
    ]),
    glow: [42, 100, 72],
    metal: [210, 8, 72],
  };
}

// ---------------------------------------------------------------------------------------------
// SVG building blocks
// ---------------------------------------------------------------------------------------------

/** Rounds to one decimal to keep the SVG small (and the output platform-independent). */
const f = (x: number) => String(Math.abs(x) >= 20 ? Math.round(x) : Math.round(x * 10) / 10);

/** Tagged template for path data: numbers are rounded with `f`. */
function d(strings: TemplateStringsArray, ...vals: number[]): string {
  let out = strings[0] ?? "";
  for (let i = 0; i < vals.length; i++) out += f(vals[i] as number) + (strings[i + 1] ?? "");
  return out;
}

/** Opacity attribute (omitted when fully opaque). */
const op = (o: number) => (o >= 1 ? "" : ` opacity="${Math.round(o * 100) / 100}"`);

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
}
function rrect(x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ""): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(rx)}" fill="${fill}"${extra}/>`;
}
function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
}
function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
}
function pathEl(data: string, fill: string, extra = ""): string {
  return `<path d="${data}" fill="${fill}"${extra}/>`;
}
function poly(points: readonly number[], fill: string, extra = ""): string {
  return `<polygon points="${points.map(f).join(" ")}" fill="${fill}"${extra}/>`;
}
function stroke(color: string, width: number, extra = ""): string {
  return ` stroke="${color}" stroke-width="${f(width)}"${extra}`;
}
function line(x1: number, y1: number, x2: number, y2: number, color: string, width: number, extra = ""): string {
  return `<path d="${d`M${x1} ${y1}L${x2} ${y2}`}" fill="none"${stroke(color, width, extra)}/>`;
}
const ROUND = ` stroke-linecap="round" stroke-linejoin="round"`;

type Stop = readonly [offset: number, color: string, opacity?: number];

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${Math.round(a * 100) / 100}"`}/>`,
    )
    .join("");
}

class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private readonly cache = new Map<string, string>();
  private ids = 0;
  constructor(
    readonly r: Rng,
    readonly p: Palette,
    readonly kind: SeedImageKind,
  ) {}

  add(...parts: string[]): void {
    this.body.push(...parts);
  }

  /** Mirrors everything drawn so far left-to-right (the pictures contain no text, so this is safe). */
  mirror(): void {
    const all = this.body.splice(0).join("");
    this.body.push(`<g transform="matrix(-1 0 0 1 ${W} 0)">${all}</g>`);
  }

  /** Runs `draw` and returns what it added instead of adding it. */
  capture(draw: () => void): string {
    const mark = this.body.length;
    draw();
    return this.body.splice(mark).join("");
  }

  /**
   * Draws a prop once (at the origin, scale 1) as a symbol and places it with a <use>: keeps the SVG
   * small when the same cup, plate or chair appears many times.
   */
  instance(key: string, draw: () => void, x: number, y: number, k: number): void {
    const id = this.cache.has(`s${key}`) ? this.sym(key, "") : this.sym(key, this.capture(draw));
    const scale = Math.abs(k - 1) < 0.005 ? "" : ` scale(${Math.round(k * 100) / 100})`;
    this.add(`<use href="#${id}" transform="translate(${f(x)} ${f(y)})${scale}"/>`);
  }

  private def(key: string, make: (id: string) => string): string {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const id = `d${(this.ids++).toString(36)}`;
    this.defs.push(make(id));
    const ref = `url(#${id})`;
    this.cache.set(key, ref);
    return ref;
  }

  /** Linear gradient in the bounding box of the element (vertical by default). */
  lin(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const attrs = `x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"`;
    return this.def(
      `l${attrs}${JSON.stringify(stops)}`,
      (id) => `<linearGradient id="${id}" ${attrs}>${stopsXml(stops)}</linearGradient>`,
    );
  }

  /** Radial gradient in the bounding box of the element. */
  rad(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const attrs = `cx="${cx}" cy="${cy}" r="${r}"`;
    return this.def(
      `r${attrs}${JSON.stringify(stops)}`,
      (id) => `<radialGradient id="${id}" ${attrs}>${stopsXml(stops)}</radialGradient>`,
    );
  }

  /** Clip path (user space) from raw shape markup; returns the attribute to put on a <g>. */
  clip(shape: string): string {
    return ` clip-path="${this.def(`c${shape}`, (id) => `<clipPath id="${id}">${shape}</clipPath>`)}"`;
  }

  /** Repeating pattern (user space). */
  pattern(key: string, w: number, h: number, content: string, x = 0, y = 0): string {
    return this.def(
      `p${key}:${f(x)}:${f(y)}`,
      (id) =>
        `<pattern id="${id}" x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" patternUnits="userSpaceOnUse">${content}</pattern>`,
    );
  }

  /** A reusable symbol (a <g> in <defs>); returns its id for <use href="#id">. */
  sym(key: string, content: string): string {
    const ref = this.def(`s${key}`, (id) => `<g id="${id}">${content}</g>`);
    return ref.slice(5, -1);
  }

  /** A colour from the kind's curated product palette (keeps shelves harmonious). */
  itemColor(): string {
    return this.r.pick(ITEM_COLORS[this.kind]);
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Small props
// ---------------------------------------------------------------------------------------------

/** Soft contact shadow. */
function shadow(s: Svg, cx: number, cy: number, rx: number, ry: number, o = 0.28): void {
  s.add(
    ellipse(
      cx,
      cy,
      rx,
      ry,
      s.rad([
        [0, "#1a120c", o],
        [0.6, "#1a120c", o * 0.5],
        [1, "#1a120c", 0],
      ]),
    ),
  );
}

/** A glowing pool of light (additive-looking warm haze). */
function glow(s: Svg, cx: number, cy: number, r: number, o = 0.5, color = "#ffe6a8"): void {
  s.add(
    circle(
      cx,
      cy,
      r,
      s.rad([
        [0, color, o],
        [0.45, color, o * 0.35],
        [1, color, 0],
      ]),
    ),
  );
}

function pendant(s: Svg, x: number, y: number, size: number, style: LampStyle = s.p.lamp): void {
  const { p } = s;
  s.add(line(x, -5, x, y, "#2a2623", 2));
  glow(s, x, y + size * 0.8, size * 3.4, 0.55);
  const shade = col(p.lampColor);
  if (style === "dome") {
    s.add(
      pathEl(
        d`M${x - size} ${y + size * 0.75}C${x - size} ${y - size * 0.05} ${x - size * 0.55} ${y - size * 0.3} ${x} ${y - size * 0.3}C${x + size * 0.55} ${y - size * 0.3} ${x + size} ${y - size * 0.05} ${x + size} ${y + size * 0.75}Z`,
        s.lin(
          [
            [0, col(p.lampColor, 8)],
            [1, col(p.lampColor, -8)],
          ],
          0,
          0,
          1,
          0,
        ),
      ),
      ellipse(x, y + size * 0.75, size * 0.72, size * 0.16, "#fff6d8"),
    );
  } else if (style === "cone") {
    s.add(
      poly(
        [
          x - size * 0.28,
          y - size * 0.2,
          x + size * 0.28,
          y - size * 0.2,
          x + size * 0.85,
          y + size * 0.85,
          x - size * 0.85,
          y + size * 0.85,
        ],
        s.lin(
          [
            [0, col(p.lampColor, 10)],
            [1, col(p.lampColor, -8)],
          ],
          0,
          0,
          1,
          0,
        ),
      ),
      ellipse(x, y + size * 0.85, size * 0.62, size * 0.13, "#fff6d8"),
    );
  } else {
    s.add(
      circle(
        x,
        y + size * 0.55,
        size * 0.68,
        s.rad(
          [
            [0, "#fffbea"],
            [0.55, "#ffe9b0"],
            [1, "#f3c873"],
          ],
          0.45,
          0.4,
          0.6,
        ),
      ),
    );
    s.add(rect(x - size * 0.12, y - size * 0.2, size * 0.24, size * 0.16, shade));
  }
}

function plant(s: Svg, x: number, y: number, k: number, potColor?: string): void {
  const { r } = s;
  shadow(s, x, y, 40 * k, 8 * k);
  const pot = potColor ?? r.pick(["#e9e4da", "#c8734e", "#3b3f45", "#d9c8a9"]);
  const leaves: string[] = [];
  const n = r.int(9, 14);
  const hue = r.range(95, 140);
  for (let i = 0; i < n; i++) {
    const a = -90 + r.range(-75, 75);
    const len = r.range(45, 85) * k;
    const cy = y - 62 * k;
    leaves.push(
      `<ellipse cx="${f(x)}" cy="${f(cy - len / 2)}" rx="${f(len * 0.2)}" ry="${f(len / 2)}" fill="${hex(hue + r.range(-10, 10), r.range(35, 55), r.range(26, 42))}" transform="rotate(${f(a + 90)} ${f(x)} ${f(cy)})"/>`,
    );
  }
  s.add(...leaves);
  s.add(
    pathEl(d`M${x - 30 * k} ${y - 64 * k}h${60 * k}l${-7 * k} ${64 * k}h${-46 * k}z`, pot),
    rect(x - 32 * k, y - 68 * k, 64 * k, 9 * k, pot),
    rect(x - 32 * k, y - 60 * k, 64 * k, 3 * k, "#000", op(0.12)),
  );
}

function hangingPlant(s: Svg, x: number, y: number, k: number): void {
  const { r } = s;
  s.add(line(x, -5, x, y, "#6b5a45", 1.5));
  const trail: string[] = [];
  for (let i = 0; i < 7; i++) {
    const dx = r.range(-34, 34) * k;
    const len = r.range(40, 110) * k;
    trail.push(`M${f(x + dx * 0.4)} ${f(y + 18 * k)}q${f(dx)} ${f(len * 0.5)} ${f(dx * 0.6)} ${f(len)}`);
  }
  s.add(
    pathEl(
      trail.join(""),
      "none",
      stroke(hex(r.range(100, 130), 40, 34), 7 * k, ` stroke-dasharray="${f(9 * k)} ${f(3 * k)}"` + ROUND),
    ),
  );
  s.add(
    pathEl(
      d`M${x - 26 * k} ${y}h${52 * k}q0 ${26 * k} ${-26 * k} ${26 * k}q${-26 * k} 0 ${-26 * k} ${-26 * k}z`,
      "#e8e2d6",
    ),
  );
  for (let i = 0; i < 5; i++)
    s.add(
      ellipse(
        x + r.range(-24, 24) * k,
        y - r.range(-4, 8) * k,
        14 * k,
        7 * k,
        hex(r.range(100, 135), 42, r.range(30, 40)),
      ),
    );
}

/** Eight-pointed star (khatam), a classic geometric motif. */
function star8(cx: number, cy: number, R: number): number[] {
  const pts: number[] = [];
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8 - Math.PI / 2;
    const rr = i % 2 === 0 ? R : R * 0.72;
    pts.push(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
  }
  return pts;
}

function artFrame(s: Svg, x: number, y: number, w: number, h: number): void {
  const { r, p } = s;
  shadow(s, x + w / 2 + 6, y + h / 2 + 8, w * 0.62, h * 0.62, 0.18);
  s.add(rect(x, y, w, h, r.pick(["#2b2520", col(p.wood, -6), "#d8c49a"])));
  s.add(rect(x + 6, y + 6, w - 12, h - 12, "#f6f1e7"));
  const ix = x + w * 0.14;
  const iy = y + h * 0.14;
  const iw = w * 0.72;
  const ih = h * 0.72;
  const style = r.int(0, 2);
  if (style === 0) {
    s.add(rect(ix, iy, iw, ih, col(p.accent, 6)));
    const R = Math.min(iw, ih) * 0.36;
    s.add(poly(star8(ix + iw / 2, iy + ih / 2, R), col(p.accent2, 10)));
    s.add(poly(star8(ix + iw / 2, iy + ih / 2, R * 0.5), "#f6f1e7"));
  } else if (style === 1) {
    s.add(
      rect(
        ix,
        iy,
        iw,
        ih,
        s.lin([
          [0, "#f3d9a6"],
          [1, "#f7ead0"],
        ]),
      ),
    );
    s.add(circle(ix + iw * 0.68, iy + ih * 0.36, ih * 0.14, col(p.accent2, 5)));
    s.add(
      pathEl(
        d`M${ix} ${iy + ih * 0.75}Q${ix + iw * 0.3} ${iy + ih * 0.4} ${ix + iw * 0.6} ${iy + ih * 0.7}T${ix + iw} ${iy + ih * 0.6}V${iy + ih}H${ix}Z`,
        col(p.accent, 4),
      ),
    );
    s.add(
      pathEl(
        d`M${ix} ${iy + ih * 0.88}Q${ix + iw * 0.5} ${iy + ih * 0.66} ${ix + iw} ${iy + ih * 0.84}V${iy + ih}H${ix}Z`,
        col(p.accent, -8),
      ),
    );
  } else {
    s.add(rect(ix, iy, iw, ih, col(p.wall2, 6)));
    const aw = iw * 0.5;
    const ax = ix + iw / 2;
    const ab = iy + ih * 0.92;
    s.add(
      pathEl(
        d`M${ax - aw / 2} ${ab}V${iy + ih * 0.45}Q${ax - aw / 2} ${iy + ih * 0.12} ${ax} ${iy + ih * 0.06}Q${ax + aw / 2} ${iy + ih * 0.12} ${ax + aw / 2} ${iy + ih * 0.45}V${ab}Z`,
        col(p.accent, 2),
      ),
    );
    s.add(circle(ax, iy + ih * 0.5, aw * 0.16, col(p.accent2, 12)));
  }
}

function tooth(s: Svg, cx: number, cy: number, k: number, fill: string, extra = ""): void {
  s.add(
    pathEl(
      d`M${cx - 40 * k} ${cy - 28 * k}C${cx - 42 * k} ${cy - 58 * k} ${cx - 12 * k} ${cy - 58 * k} ${cx} ${cy - 46 * k}C${cx + 12 * k} ${cy - 58 * k} ${cx + 42 * k} ${cy - 58 * k} ${cx + 40 * k} ${cy - 28 * k}C${cx + 38 * k} ${cy - 2 * k} ${cx + 30 * k} ${cy + 10 * k} ${cx + 26 * k} ${cy + 38 * k}C${cx + 23 * k} ${cy + 58 * k} ${cx + 10 * k} ${cy + 58 * k} ${cx + 8 * k} ${cy + 40 * k}C${cx + 6 * k} ${cy + 24 * k} ${cx - 6 * k} ${cy + 24 * k} ${cx - 8 * k} ${cy + 40 * k}C${cx - 10 * k} ${cy + 58 * k} ${cx - 23 * k} ${cy + 58 * k} ${cx - 26 * k} ${cy + 38 * k}C${cx - 30 * k} ${cy + 10 * k} ${cx - 38 * k} ${cy - 2 * k} ${cx - 40 * k} ${cy - 28 * k}Z`,
      fill,
      extra,
    ),
  );
}

/** The business's emblem (used on the fascia, menu boards, A-boards). `k` ≈ radius / 40. */
function emblem(s: Svg, cx: number, cy: number, k: number, fill: string): void {
  switch (s.kind) {
    case "dental":
      tooth(s, cx, cy + 2 * k, k * 0.62, fill);
      break;
    case "cafe":
      s.add(
        pathEl(
          d`M${cx - 24 * k} ${cy - 10 * k}h${40 * k}v${14 * k}q0 ${22 * k} ${-20 * k} ${22 * k}q${-20 * k} 0 ${-20 * k} ${-22 * k}z`,
          fill,
        ),
      );
      s.add(
        pathEl(
          d`M${cx + 15 * k} ${cy - 4 * k}q${14 * k} 0 ${12 * k} ${10 * k}q${-2 * k} ${8 * k} ${-14 * k} ${8 * k}`,
          "none",
          stroke(fill, 4 * k),
        ),
      );
      s.add(
        pathEl(
          d`M${cx - 12 * k} ${cy - 18 * k}q${-6 * k} ${-8 * k} 0 ${-14 * k}M${cx} ${cy - 18 * k}q${-6 * k} ${-8 * k} 0 ${-14 * k}`,
          "none",
          stroke(fill, 3.5 * k, ROUND),
        ),
      );
      s.add(rect(cx - 30 * k, cy + 28 * k, 60 * k, 4 * k, fill));
      break;
    case "takeaway":
      s.add(line(cx - 34 * k, cy + 14 * k, cx + 34 * k, cy - 14 * k, fill, 3.5 * k, ROUND));
      for (let i = -1; i <= 1; i++) {
        s.add(
          rrect(
            cx + i * 20 * k - 8 * k,
            cy - i * 8 * k - 8 * k,
            16 * k,
            16 * k,
            4 * k,
            fill,
            ` transform="rotate(-22 ${f(cx + i * 20 * k)} ${f(cy - i * 8 * k)})"`,
          ),
        );
      }
      s.add(
        pathEl(
          d`M${cx - 18 * k} ${cy + 34 * k}q${-6 * k} ${-10 * k} ${4 * k} ${-18 * k}q0 ${10 * k} ${8 * k} ${8 * k}q${6 * k} ${6 * k} ${-2 * k} ${10 * k}z`,
          fill,
        ),
      );
      break;
    case "restaurant":
      s.add(pathEl(d`M${cx - 30 * k} ${cy + 12 * k}a${30 * k} ${28 * k} 0 0 1 ${60 * k} 0z`, fill));
      s.add(rect(cx - 38 * k, cy + 15 * k, 76 * k, 5 * k, fill));
      s.add(circle(cx, cy - 20 * k, 4 * k, fill));
      break;
    case "shop":
      s.add(pathEl(d`M${cx - 34 * k} ${cy - 6 * k}h${68 * k}l${-8 * k} ${38 * k}h${-52 * k}z`, fill));
      s.add(pathEl(d`M${cx - 20 * k} ${cy - 6 * k}q${20 * k} ${-38 * k} ${40 * k} 0`, "none", stroke(fill, 4 * k)));
      break;
  }
}

function cup(s: Svg, x: number, y: number, k: number, color: string, steam = false): void {
  s.instance(`cup${color}${steam}`, () => drawCup(s, 0, 0, 1, color, steam), x, y, k);
}

function drawCup(s: Svg, x: number, y: number, k: number, color: string, steam: boolean): void {
  shadow(s, x + 4 * k, y + 2 * k, 34 * k, 8 * k, 0.22);
  s.add(ellipse(x, y, 30 * k, 7 * k, "#e9e5dc"), ellipse(x, y - 1.5 * k, 27 * k, 5.5 * k, "#fbfaf7"));
  s.add(
    pathEl(
      d`M${x + 14 * k} ${y - 22 * k}c${13 * k} ${-3 * k} ${15 * k} ${13 * k} ${1 * k} ${14 * k}`,
      "none",
      stroke(color, 4 * k),
    ),
  );
  s.add(
    pathEl(
      d`M${x - 17 * k} ${y - 28 * k}h${34 * k}c0 ${16 * k} ${-6 * k} ${26 * k} ${-17 * k} ${26 * k}s${-17 * k} ${-10 * k} ${-17 * k} ${-26 * k}z`,
      s.lin(
        [
          [0, "#ffffff"],
          [0.5, color],
          [1, "#000000", 0.9],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  s.add(
    pathEl(
      d`M${x - 17 * k} ${y - 28 * k}h${34 * k}c0 ${16 * k} ${-6 * k} ${26 * k} ${-17 * k} ${26 * k}s${-17 * k} ${-10 * k} ${-17 * k} ${-26 * k}z`,
      color,
      op(0.82),
    ),
  );
  s.add(ellipse(x, y - 28 * k, 17 * k, 4 * k, "#f4efe6"), ellipse(x, y - 27.5 * k, 14 * k, 3 * k, "#7a4a2a"));
  if (steam) {
    s.add(
      pathEl(
        d`M${x - 5 * k} ${y - 38 * k}c${-8 * k} ${-10 * k} ${8 * k} ${-16 * k} 0 ${-28 * k}M${x + 6 * k} ${y - 40 * k}c${-8 * k} ${-10 * k} ${8 * k} ${-16 * k} 0 ${-26 * k}`,
        "none",
        stroke("#ffffff", 3 * k, ROUND + op(0.55)),
      ),
    );
  }
}

function glassOfWater(s: Svg, x: number, y: number, k: number): void {
  s.instance("glass", () => drawGlass(s, 0, 0, 1), x, y, k);
}

function drawGlass(s: Svg, x: number, y: number, k: number): void {
  s.add(pathEl(d`M${x - 11 * k} ${y - 40 * k}h${22 * k}l${-2 * k} ${40 * k}h${-18 * k}z`, "#dfeef2", op(0.7)));
  s.add(pathEl(d`M${x - 10 * k} ${y - 26 * k}h${20 * k}l${-1.4 * k} ${26 * k}h${-17.2 * k}z`, "#b9dbe6", op(0.8)));
  s.add(rect(x - 7 * k, y - 36 * k, 3 * k, 30 * k, "#ffffff", op(0.7)));
}

function teapot(s: Svg, x: number, y: number, k: number, color: HSL): void {
  shadow(s, x + 6 * k, y, 60 * k, 10 * k);
  s.add(
    pathEl(
      d`M${x + 34 * k} ${y - 30 * k}Q${x + 62 * k} ${y - 34 * k} ${x + 68 * k} ${y - 64 * k}l${8 * k} ${2 * k}Q${x + 70 * k} ${y - 22 * k} ${x + 36 * k} ${y - 12 * k}Z`,
      col(color, -6),
    ),
  );
  s.add(
    pathEl(
      d`M${x - 36 * k} ${y - 48 * k}C${x - 72 * k} ${y - 56 * k} ${x - 70 * k} ${y - 8 * k} ${x - 34 * k} ${y - 18 * k}`,
      "none",
      stroke(col(color, -8), 7 * k),
    ),
  );
  s.add(
    ellipse(
      x,
      y - 32 * k,
      42 * k,
      31 * k,
      s.rad(
        [
          [0, col(color, 14)],
          [0.7, col(color)],
          [1, col(color, -14)],
        ],
        0.38,
        0.32,
        0.7,
      ),
    ),
  );
  s.add(ellipse(x, y - 60 * k, 21 * k, 6 * k, col(color, -8)), circle(x, y - 68 * k, 6 * k, col(color, -4)));
  s.add(rect(x - 42 * k, y - 36 * k, 84 * k, 5 * k, col(s.p.accent2, -4), op(0.8)));
  s.add(ellipse(x - 17 * k, y - 46 * k, 10 * k, 6 * k, "#ffffff", op(0.35)));
}

type Dish = "kebab" | "curry" | "salad" | "wrap" | "cake" | "grill";

function plate(s: Svg, x: number, y: number, k: number, dish: Dish): void {
  s.instance(`plate${dish}`, () => drawPlate(s, 0, 0, 1, dish), x, y, k);
}

function drawPlate(s: Svg, x: number, y: number, k: number, dish: Dish): void {
  const { r } = s;
  shadow(s, x + 4 * k, y + 3 * k, 56 * k, 16 * k, 0.25);
  s.add(
    ellipse(x, y, 50 * k, 15 * k, "#dcd7cd"),
    ellipse(x, y - 2 * k, 48 * k, 13 * k, "#fbfaf6"),
    ellipse(x, y - 1.5 * k, 33 * k, 8.5 * k, "#f0ece3"),
  );
  const g = (cx: number, cy: number, rx: number, ry: number, c: string) => s.add(ellipse(cx, cy, rx, ry, c));
  switch (dish) {
    case "kebab":
    case "grill":
      g(x - 8 * k, y - 5 * k, 22 * k, 8 * k, "#f1dfa8");
      for (let i = 0; i < 4; i++)
        s.add(
          rrect(
            x + (i * 9 - 6) * k,
            y - (12 + (i % 2) * 3) * k,
            12 * k,
            9 * k,
            3 * k,
            hex(18 + r.range(-4, 4), 50, 30 + r.range(0, 8)),
          ),
        );
      for (let i = 0; i < 4; i++)
        g(x - 26 * k + i * 6 * k, y - 3 * k + (i % 2) * 3 * k, 5 * k, 3 * k, hex(110, 50, 38));
      g(x + 22 * k, y - 2 * k, 5 * k, 4 * k, "#d8402f");
      break;
    case "curry":
      g(x + 8 * k, y - 5 * k, 22 * k, 8 * k, hex(26, 70, 42));
      g(x + 8 * k, y - 6 * k, 14 * k, 4 * k, hex(30, 80, 52));
      g(x - 16 * k, y - 6 * k, 18 * k, 8 * k, "#f5ecd0");
      g(x - 14 * k, y - 9 * k, 10 * k, 4 * k, "#fffaf0");
      g(x + 10 * k, y - 9 * k, 3 * k, 2 * k, hex(110, 50, 38));
      break;
    case "salad":
      for (let i = 0; i < 7; i++)
        g(x + r.range(-22, 22) * k, y - r.range(3, 9) * k, 8 * k, 4 * k, hex(r.range(85, 120), 50, r.range(32, 45)));
      for (let i = 0; i < 3; i++) g(x + r.range(-18, 18) * k, y - r.range(4, 9) * k, 4 * k, 3.5 * k, "#d9432f");
      g(x + r.range(-10, 10) * k, y - 8 * k, 5 * k, 3 * k, "#f2d36b");
      break;
    case "wrap":
      s.add(rrect(x - 30 * k, y - 16 * k, 56 * k, 16 * k, 8 * k, "#e6c88e", ` transform="rotate(-8 ${f(x)} ${f(y)})"`));
      g(x + 24 * k, y - 12 * k, 7 * k, 8 * k, "#cfa86a");
      g(x + 25 * k, y - 13 * k, 4 * k, 5 * k, hex(100, 45, 40));
      g(x + 26 * k, y - 10 * k, 2.5 * k, 2.5 * k, "#d9432f");
      g(x - 18 * k, y - 2 * k, 9 * k, 3 * k, "#fff6e0");
      break;
    case "cake":
      s.add(pathEl(d`M${x - 22 * k} ${y - 6 * k}l${36 * k} ${-6 * k}v${-18 * k}l${-36 * k} ${6 * k}z`, "#f2d9a6"));
      s.add(
        pathEl(d`M${x - 22 * k} ${y - 18 * k}l${36 * k} ${-6 * k}v${-6 * k}l${-36 * k} ${6 * k}z`, hex(20, 45, 32)),
      );
      s.add(pathEl(d`M${x + 14 * k} ${y - 12 * k}l${12 * k} ${-4 * k}v${-18 * k}l${-12 * k} ${4 * k}z`, "#e3c48c"));
      s.add(circle(x - 2 * k, y - 30 * k, 4 * k, "#c8322c"));
      break;
  }
}

function skewer(s: Svg, x: number, y: number, len: number, k: number): void {
  const l = Math.round(len / k / 21) * 21;
  s.instance(`skewer${l}v${s.r.int(0, 2)}`, () => drawSkewer(s, 0, 0, l + 1, 1), x, y, k);
}

function drawSkewer(s: Svg, x: number, y: number, len: number, k: number): void {
  const { r } = s;
  s.add(line(x - 12 * k, y, x + len + 14 * k, y, "#b9bec5", 3 * k, ROUND));
  const n = Math.floor(len / (21 * k));
  for (let i = 0; i < n; i++) {
    const px = x + i * 21 * k;
    const kind = i % 4 === 3 ? r.pick(["pepper", "onion", "tomato"]) : "meat";
    const c =
      kind === "meat"
        ? hex(18 + r.range(-4, 4), 52, 30 + r.range(0, 9))
        : kind === "pepper"
          ? hex(r.pick([110, 8]), 60, 40)
          : kind === "onion"
            ? "#efe2c8"
            : "#d6402e";
    s.add(rrect(px, y - 9 * k, 18 * k, 18 * k, 7 * k, c));
    if (kind === "meat")
      s.add(
        rect(px + 3 * k, y - 1 * k, 12 * k, 2.5 * k, "#2a140a", op(0.4)),
        rect(px + 4 * k, y - 7 * k, 9 * k, 3 * k, "#ffffff", op(0.18)),
      );
  }
}

function flames(s: Svg, x: number, y: number, w: number, k: number): void {
  const { r } = s;
  glow(s, x + w / 2, y, w * 0.55, 0.6, "#ff9a3c");
  const parts: string[] = [];
  for (let fx = x; fx < x + w; fx += r.range(12, 22) * k) {
    const h = r.range(18, 44) * k;
    parts.push(d`M${fx - 8 * k} ${y}q${2 * k} ${-h * 0.6} ${8 * k} ${-h}q${6 * k} ${h * 0.4} ${8 * k} ${h}z`);
  }
  s.add(
    pathEl(
      parts.join(""),
      s.lin(
        [
          [0, "#ffe27a"],
          [0.5, "#ff9c2e"],
          [1, "#e2421e"],
        ],
        0,
        1,
        0,
        0,
      ),
    ),
  );
}

function doner(s: Svg, cx: number, top: number, h: number, k: number): void {
  s.add(line(cx, top - 30 * k, cx, top + h + 26 * k, "#9aa0a8", 5 * k));
  s.add(ellipse(cx, top - 6 * k, 50 * k, 10 * k, "#b7bcc3"));
  s.add(
    pathEl(
      d`M${cx - 46 * k} ${top}Q${cx - 50 * k} ${top + h * 0.5} ${cx - 28 * k} ${top + h}H${cx + 28 * k}Q${cx + 50 * k} ${top + h * 0.5} ${cx + 46 * k} ${top}Z`,
      s.lin(
        [
          [0, hex(18, 45, 20)],
          [0.35, hex(24, 62, 42)],
          [0.55, hex(28, 66, 48)],
          [1, hex(16, 45, 18)],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  const slices: string[] = [];
  for (let yy = top + 10 * k; yy < top + h - 4 * k; yy += 11 * k) {
    const t = (yy - top) / h;
    const hw = 46 * k - 18 * k * t;
    slices.push(d`M${cx - hw} ${yy}Q${cx} ${yy + 7 * k} ${cx + hw} ${yy}`);
  }
  s.add(pathEl(slices.join(""), "none", stroke("#3b1a0b", 2 * k, op(0.35))));
  s.add(rect(cx - 10 * k, top + 4 * k, 9 * k, h - 10 * k, "#ffd08a", op(0.25)));
  s.add(ellipse(cx, top + h + 24 * k, 44 * k, 8 * k, "#a9aeb5"));
}

function espressoMachine(s: Svg, x: number, y: number, k: number): void {
  const { p } = s;
  const w = 210 * k;
  const h = 120 * k;
  shadow(s, x + w / 2, y, w * 0.6, 12 * k);
  s.add(
    rrect(
      x,
      y - h,
      w,
      h,
      8 * k,
      s.lin(
        [
          [0, "#e9edf0"],
          [0.5, "#b9c1c8"],
          [1, "#8b939b"],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  s.add(rect(x, y - h * 0.62, w, h * 0.2, col(p.accent, -2)));
  for (let i = 0; i < 2; i++) {
    const gx = x + w * (0.3 + i * 0.4);
    s.add(
      rect(gx - 16 * k, y - h * 0.42, 32 * k, 12 * k, "#3a3f45"),
      rect(gx - 4 * k, y - h * 0.3, 8 * k, 14 * k, "#2b2f33"),
    );
    s.add(line(gx - 24 * k, y - h * 0.4, gx - 52 * k, y - h * 0.36, "#2b2f33", 6 * k, ROUND));
  }
  s.add(rect(x + 8 * k, y - 10 * k, w - 16 * k, 6 * k, "#5a6168"));
  for (let i = 0; i < 4; i++) cup(s, x + 30 * k + i * 50 * k, y - h - 1, 0.55 * k, "#f8f6f0");
}

// ---------------------------------------------------------------------------------------------
// Furniture
// ---------------------------------------------------------------------------------------------

function chair(s: Svg, x: number, floorY: number, k: number, facing: 1 | -1, color: string): void {
  s.instance(`chair${facing}${color}`, () => drawChair(s, 0, 0, 1, facing, color), x, floorY, k);
}

function drawChair(s: Svg, x: number, floorY: number, k: number, facing: 1 | -1, color: string): void {
  const seatY = floorY - 88 * k;
  const back = x - facing * 26 * k;
  const front = x + facing * 24 * k;
  s.add(
    pathEl(
      d`M${back} ${floorY}L${back} ${seatY - 92 * k}M${front} ${floorY}L${front - facing * 2 * k} ${seatY}M${back + facing * 4 * k} ${seatY + 40 * k}H${front}`,
      "none",
      stroke(color, 5 * k, ROUND),
    ),
  );
  s.add(rrect(Math.min(back, front) - 4 * k, seatY - 6 * k, 58 * k, 10 * k, 4 * k, color));
  s.add(rrect(back - facing * 2 * k - 5 * k, seatY - 86 * k, 10 * k, 50 * k, 5 * k, color));
}

function table(s: Svg, cx: number, floorY: number, k: number, top: string, items: (topY: number) => void): void {
  s.instance(
    `table${top}`,
    () => {
      shadow(s, 0, 0, 70, 12, 0.3);
      s.add(rect(-4, -150, 8, 145, "#2b2622"), ellipse(0, -2, 34, 7, "#2b2622"));
      s.add(
        ellipse(0, -143, 96, 19, "#3a2a1e", op(0.9)),
        ellipse(0, -150, 96, 19, top),
        ellipse(-20, -154, 50, 6, "#ffffff", op(0.14)),
      );
    },
    cx,
    floorY,
    k,
  );
  items(floorY - 150 * k);
}

function counter(
  s: Svg,
  x: number,
  topY: number,
  w: number,
  bottomY: number,
  style: "wood" | "accent" | "tiles" | "white" | "steel",
): void {
  const { p } = s;
  shadow(s, x + w / 2, bottomY, w * 0.55, 16, 0.35);
  const h = bottomY - topY;
  let fill: string;
  switch (style) {
    case "wood":
      fill = s.lin([
        [0, col(p.wood, 4)],
        [1, col(p.wood, -8)],
      ]);
      break;
    case "accent":
      fill = s.lin([
        [0, col(p.accent, 3)],
        [1, col(p.accent, -8)],
      ]);
      break;
    case "white":
      fill = s.lin([
        [0, "#f7f6f2"],
        [1, "#dcdad4"],
      ]);
      break;
    case "steel":
      fill = s.lin(
        [
          [0, "#d9dee2"],
          [0.5, "#b8c0c7"],
          [1, "#9aa3ab"],
        ],
        0,
        0,
        1,
        0,
      );
      break;
    case "tiles":
      fill = s.pattern(
        `ctile${col(p.accent)}`,
        36,
        36,
        rect(0, 0, 36, 36, col(p.accent, 2)) +
          rect(1, 1, 34, 34, col(p.accent, 8)) +
          rect(1, 1, 34, 5, "#ffffff", op(0.15)),
      );
      break;
  }
  s.add(rect(x, topY + 14, w, h - 14, fill));
  if (style === "wood" || style === "accent") {
    const slats: string[] = [];
    for (let sx = x + 22; sx < x + w - 8; sx += 24) slats.push(d`M${sx} ${topY + 16}V${bottomY}`);
    s.add(pathEl(slats.join(""), "none", stroke("#000", 2, op(0.18))));
  }
  if (style === "white") s.add(rect(x, topY + h * 0.55, w, 10, col(p.accent)));
  s.add(rect(x, topY + 14, w, 18, "#000", op(0.18)));
  s.add(rect(x - 12, topY, w + 24, 16, style === "steel" ? "#e6eaed" : "#efeae2"));
  s.add(rect(x - 12, topY + 12, w + 24, 4, "#000", op(0.12)));
  s.add(rect(x, bottomY - 10, w, 10, "#000", op(0.2)));
}

// ---------------------------------------------------------------------------------------------
// Rooms
// ---------------------------------------------------------------------------------------------

interface Room {
  horizon: number;
  vx: number;
  vy: number;
}

function room(s: Svg, opts: { horizon?: number; lower?: Palette["lower"]; lowerH?: number; wall?: HSL } = {}): Room {
  const { r, p } = s;
  const horizon = opts.horizon ?? r.range(560, 610);
  const vx = r.range(440, 760);
  const vy = horizon - 260;
  const wall = opts.wall ?? p.wall;
  s.add(
    rect(
      0,
      0,
      W,
      horizon,
      s.lin([
        [0, col(wall, 3)],
        [1, col(wall, -5)],
      ]),
    ),
  );
  const lower = opts.lower ?? p.lower;
  const lh = opts.lowerH ?? 190;
  if (lower === "tiles") {
    const tile = col(p.wall2, 4);
    const grout = col(p.wall2, -10);
    const pat = s.pattern(
      `sub${tile}`,
      80,
      32,
      rect(0, 0, 80, 32, tile) +
        pathEl("M0 .5H80M0 16.5H80M.5 0V16M40.5 0V16M20.5 16V32M60.5 16V32", "none", stroke(grout, 1.5)),
    );
    s.add(rect(0, horizon - lh, W, lh, pat));
    s.add(rect(0, horizon - lh - 6, W, 8, col(p.wall2, -14)));
  } else if (lower === "panel") {
    s.add(
      rect(
        0,
        horizon - lh,
        W,
        lh,
        s.lin([
          [0, col(p.wall2, 2)],
          [1, col(p.wall2, -6)],
        ]),
      ),
    );
    const pan: string[] = [];
    for (let x = 20; x < W; x += 150) pan.push(d`M${x} ${horizon - lh + 24}h120v${lh - 48}h-120z`);
    s.add(pathEl(pan.join(""), "none", stroke("#000", 2, op(0.14))));
    s.add(rect(0, horizon - lh - 8, W, 10, col(p.wall2, -10)));
  }
  s.add(rect(0, horizon - 12, W, 12, col(p.wall2, -18)));

  // floor
  s.add(
    rect(
      0,
      horizon,
      W,
      H - horizon,
      s.lin([
        [0, col(p.floor, 8)],
        [1, col(p.floor, -6)],
      ]),
    ),
  );
  const t = (horizon - vy) / (H - vy);
  const step = p.floorStyle === "planks" ? 64 : 150;
  const ls: string[] = [];
  for (let xb = -1500; xb <= W + 1500; xb += step) ls.push(d`M${vx + (xb - vx) * t} ${horizon}L${xb} ${H}`);
  const rowStep = p.floorStyle === "planks" ? 0.9 : 1.8;
  for (let kk = 1; kk < 20; kk++) {
    const y = vy + ((horizon - vy) * 10) / (10 - kk * rowStep);
    if (y > H || y < horizon) break;
    if (p.floorStyle === "tiles") ls.push(d`M0 ${y}H${W}`);
  }
  s.add(pathEl(ls.join(""), "none", stroke(col(p.floor, -16), 1.5, op(0.45))));
  if (p.floorStyle === "planks") {
    // staggered plank joints
    const js: string[] = [];
    for (let xb = -1500; xb <= W + 1500; xb += step) {
      const u = r.range(0.15, 0.9);
      const y = horizon + (H - horizon) * u;
      const tt = (y - vy) / (H - vy);
      const xa = vx + (xb - vx) * tt;
      const xc = vx + (xb + step - vx) * tt;
      if (xc < 0 || xa > W) continue;
      js.push(d`M${xa} ${y}L${xc} ${y}`);
    }
    s.add(pathEl(js.join(""), "none", stroke(col(p.floor, -18), 1.5, op(0.5))));
  }
  // soft sheen on the floor
  s.add(
    ellipse(
      vx,
      horizon + 60,
      420,
      70,
      s.rad([
        [0, "#ffffff", 0.16],
        [1, "#ffffff", 0],
      ]),
    ),
  );
  return { horizon, vx, vy };
}

function streetWindow(s: Svg, x: number, y: number, w: number, h: number, frame: string, panes = 2): void {
  const { r } = s;
  const g: string[] = [];
  g.push(
    rect(
      x,
      y,
      w,
      h,
      s.lin([
        [0, "#9cc8ea"],
        [1, "#eaf4f8"],
      ]),
    ),
  );
  // buildings across the road
  let bx = x - r.range(0, 60);
  while (bx < x + w) {
    const bw = r.range(120, 220);
    const bh = r.range(h * 0.3, h * 0.7);
    const c = hex(r.pick([18, 30, 40, 200]), r.range(12, 30), r.range(66, 80));
    g.push(rect(bx, y + h - bh, bw, bh, c));
    const win: string[] = [];
    for (let wy = y + h - bh + 18; wy < y + h - 30; wy += 42)
      for (let wx = bx + 16; wx < bx + bw - 26; wx += 38) win.push(d`M${wx} ${wy}h18v24h-18z`);
    g.push(pathEl(win.join(""), "#6f8aa0", op(0.55)));
    bx += bw + r.range(0, 20);
  }
  // a street tree
  const tx = x + r.range(0.2, 0.8) * w;
  g.push(rect(tx - 4, y + h - 90, 8, 90, "#5b4634"));
  for (let i = 0; i < 5; i++)
    g.push(
      circle(
        tx + r.range(-40, 40),
        y + h - r.range(100, 150),
        r.range(28, 44),
        hex(r.range(95, 125), 35, r.range(34, 44)),
        op(0.95),
      ),
    );
  g.push(rect(x, y + h - 26, w, 26, "#9d9b96"));
  // reflections
  g.push(poly([x + w * 0.1, y, x + w * 0.32, y, x + w * 0.02, y + h, x - w * 0.2, y + h], "#ffffff", op(0.18)));
  g.push(poly([x + w * 0.45, y, x + w * 0.52, y, x + w * 0.22, y + h, x + w * 0.15, y + h], "#ffffff", op(0.14)));
  s.add(`<g${s.clip(rect(x, y, w, h, "#000"))}>${g.join("")}</g>`);
  // light falling into the room
  s.add(rect(x, y, w, h, "#fffbe8", op(0.12)));
  // frame
  const fw = 10;
  const fr: string[] = [d`M${x} ${y}h${w}v${h}h${-w}z`];
  for (let i = 1; i < panes; i++) fr.push(d`M${x + (w * i) / panes} ${y}V${y + h}`);
  fr.push(d`M${x} ${y + h * 0.28}H${x + w}`);
  s.add(pathEl(fr.join(""), "none", stroke(frame, fw)));
  s.add(rect(x - 16, y + h + 3, w + 32, 12, "#efe9df"), rect(x - 16, y + h + 13, w + 32, 5, "#000", op(0.15)));
}

function menuBoard(s: Svg, x: number, y: number, w: number, h: number, style: "photo" | "list"): void {
  const { r, p } = s;
  shadow(s, x + w / 2 + 6, y + h / 2 + 10, w * 0.6, h * 0.6, 0.22);
  if (style === "photo") {
    s.add(rrect(x, y, w, h, 6, "#1f2326"));
    s.add(
      rect(
        x + 6,
        y + 6,
        w - 12,
        h - 12,
        s.lin([
          [0, "#fffdf6"],
          [1, "#f1ebdd"],
        ]),
      ),
    );
    s.add(rect(x + 6, y + 6, w - 12, h * 0.16, col(p.accent)));
    emblem(s, x + w / 2, y + 6 + h * 0.08, 0.36, "#ffffff");
    const cols = w > 300 ? 3 : 2;
    const cw = (w - 12) / cols;
    const dishes: Dish[] = s.kind === "cafe" ? ["cake", "salad", "wrap"] : ["kebab", "wrap", "curry", "grill", "salad"];
    for (let i = 0; i < cols; i++) {
      const cx = x + 6 + cw * (i + 0.5);
      const py = y + h * 0.2;
      s.add(
        rrect(
          cx - cw * 0.42,
          py,
          cw * 0.84,
          h * 0.5,
          4,
          s.lin([
            [0, col(p.accent2, 16)],
            [1, col(p.accent2, 2)],
          ]),
        ),
      );
      plate(s, cx, py + h * 0.36, (cw * 0.8) / 110, r.pick(dishes));
      s.add(rrect(cx - cw * 0.34, y + h * 0.76, cw * 0.5, 7, 3, "#3a3430", op(0.75)));
      s.add(rrect(cx - cw * 0.34, y + h * 0.83, cw * 0.36, 5, 2.5, "#3a3430", op(0.35)));
      s.add(circle(cx + cw * 0.28, y + h * 0.795, 11, col(p.accent2)));
    }
  } else {
    s.add(rrect(x, y, w, h, 4, col(p.wood, -10)));
    s.add(rect(x + 8, y + 8, w - 16, h - 16, "#2a2e2c"));
    emblem(s, x + w / 2, y + 34, 0.45, "#f2ede1");
    const bars: string[] = [];
    const dots: string[] = [];
    const colsN = w > 280 ? 2 : 1;
    const cw = (w - 40) / colsN;
    for (let c = 0; c < colsN; c++) {
      for (let yy = y + 70; yy < y + h - 24; yy += 24) {
        const bx = x + 20 + c * cw;
        bars.push(d`M${bx} ${yy}h${r.range(0.35, 0.62) * cw}`);
        dots.push(d`M${bx + cw * 0.78} ${yy}h${cw * 0.1}`);
      }
    }
    s.add(pathEl(bars.join(""), "none", stroke("#efe9dc", 6, ROUND + op(0.8))));
    s.add(pathEl(dots.join(""), "none", stroke(col(p.accent2, 10), 6, ROUND)));
  }
}

type ShelfItem = "jar" | "can" | "box" | "bottle" | "tin" | "cups" | "plates" | "plantpot";

function shelfItems(s: Svg, x: number, y: number, w: number, maxH: number, kinds: readonly ShelfItem[]): void {
  const { r } = s;
  let cx = x + 6;
  const parts: string[] = [];
  while (cx < x + w - 20) {
    const kind = r.pick(kinds);
    const c = s.itemColor();
    const n = r.int(2, 5);
    // Each product is a <use> of a shared symbol: the coloured parts inherit `fill` from the <use>.
    let iw = 0;
    let id = "";
    switch (kind) {
      case "jar": {
        iw = 26;
        const h = Math.round(Math.min(maxH, 40));
        id = s.sym(
          `jar${h}`,
          rrect(0, -h, iw, h, 5, "#e8e0cc", op(0.9)) +
            `<rect x="3" y="${f(-h * 0.75)}" width="${iw - 6}" height="${f(h * 0.72)}"/>` +
            rect(-1, -h - 6, iw + 2, 8, "#5c4a3a"),
        );
        break;
      }
      case "can": {
        iw = 22;
        const h = Math.round(Math.min(maxH, 34));
        id = s.sym(
          `can${h}`,
          `<rect y="${-h}" width="${iw}" height="${h}"/>` +
            rect(0, -h * 0.65, iw, h * 0.3, "#f4efe4", op(0.85)) +
            rect(0, -h, iw, 3, "#c9ced3"),
        );
        break;
      }
      case "tin": {
        iw = 30;
        const h = Math.round(Math.min(maxH, 42));
        id = s.sym(
          `tin${h}`,
          `<rect y="${-h}" width="${iw}" height="${h}"/>` +
            rect(0, -h, iw, 6, "#000", op(0.2)) +
            rect(5, -h * 0.6, iw - 10, h * 0.3, "#f4efe4", op(0.8)),
        );
        break;
      }
      case "box": {
        iw = 32;
        const h = Math.round(Math.min(maxH, r.pick([46, 54])));
        id = s.sym(
          `box${h}`,
          `<rect y="${-h}" width="${iw}" height="${h}"/>` +
            rect(4, -h + 8, iw - 8, h * 0.4, "#ffffff", op(0.75)) +
            rect(iw - 5, -h, 5, h, "#000", op(0.15)),
        );
        break;
      }
      case "bottle": {
        // squat sauce / juice bottle with a white cap
        iw = 22;
        const h = Math.round(Math.min(maxH, 44));
        id = s.sym(
          `bot${h}`,
          `<path d="${d`M0 0V${-h * 0.7}q0 ${-h * 0.1} 6 ${-h * 0.14}V${-h * 0.9}h10v${h * 0.06}q6 ${h * 0.04} 6 ${h * 0.14}V0z`}"/>` +
            rect(5, -h, 12, h * 0.12, "#f4f1ea") +
            rect(0, -h * 0.55, iw, h * 0.3, "#f6f0e2", op(0.9)),
        );
        break;
      }
      case "cups": {
        iw = 34;
        id = s.sym("cups", `<path d="M2 -26h28l-3 26h-22z"/>` + rect(2, -26, 28, 3, "#000", op(0.1)));
        break;
      }
      case "plates": {
        iw = 50;
        let g = "";
        for (let j = 0; j < 5; j++) g += ellipse(24, -3 - j * 4, 24, 5, j % 2 ? "#f3f0ea" : "#dedad2");
        id = s.sym("plates", g);
        break;
      }
      case "plantpot": {
        iw = 44;
        let g = pathEl("M6 -24h32l-4 24h-24z", "#c8734e");
        for (let j = 0; j < 5; j++)
          g += ellipse(
            22 + (j - 2) * 6,
            -34 - (j % 2) * 8,
            7,
            13,
            hex(115, 40, 32 + j * 3),
            ` transform="rotate(${(j - 2) * 18} 22 -26)"`,
          );
        id = s.sym("plantpot", g);
        break;
      }
    }
    let group = "";
    for (let i = 0; i < n && cx < x + w - 20; i++) {
      group += `<use href="#${id}" x="${f(cx)}" y="${f(y)}"/>`;
      cx += iw + 4;
    }
    parts.push(`<g fill="${c}">${group}</g>`);
    cx += r.range(8, 18);
  }
  s.add(...parts);
}

function shelfWall(
  s: Svg,
  x: number,
  y: number,
  w: number,
  rows: number,
  gap: number,
  kinds: readonly ShelfItem[],
  wood: string,
): void {
  for (let i = 0; i < rows; i++) {
    const sy = y + i * gap;
    shelfItems(s, x, sy, w, gap - 14, kinds);
    s.add(rect(x - 6, sy, w + 12, 10, wood), rect(x - 6, sy + 10, w + 12, 8, "#000", op(0.12)));
  }
}

function fruitCrate(s: Svg, x: number, y: number, w: number, h: number, fruit: HSL, fr: number): void {
  const { r } = s;
  const fill = s.rad(
    [
      [0, col(fruit, 22)],
      [0.35, col(fruit, 4)],
      [1, col(fruit, -16)],
    ],
    0.35,
    0.3,
    0.75,
  );
  const rr = Math.max(4, Math.round(fr));
  const id = s.sym(`fruit${rr}${fill}`, circle(0, 0, rr, fill));
  const parts: string[] = [];
  for (let row = 0; row < 2; row++) {
    const yy = y - rr * 1.25 + row * rr * 0.6;
    for (let fx = x + rr + (row % 2) * rr * 0.9; fx < x + w - rr * 0.6; fx += rr * 1.8)
      parts.push(`<use href="#${id}" x="${Math.round(fx + r.range(-2, 2))}" y="${Math.round(yy + r.range(-2, 2))}"/>`);
  }
  s.add(...parts);
  s.add(
    rect(
      x,
      y,
      w,
      h,
      s.lin([
        [0, col(s.p.wood, 10)],
        [1, col(s.p.wood, -4)],
      ]),
    ),
  );
  s.add(pathEl(d`M${x} ${y + h * 0.5}H${x + w}`, "none", stroke("#000", 2, op(0.2))));
  s.add(rect(x, y, w, 5, "#ffffff", op(0.2)));
}

const FRUITS: HSL[] = [
  [356, 70, 44],
  [30, 92, 54],
  [52, 90, 58],
  [92, 55, 44],
  [5, 76, 50],
  [280, 32, 30],
  [34, 44, 70],
  [120, 45, 32],
];

function fridge(s: Svg, x: number, y: number, w: number, h: number, doors: number): void {
  shadow(s, x + w / 2, y + h, w * 0.55, 14, 0.3);
  s.add(rrect(x, y, w, h, 6, "#2d3236"));
  const dw = (w - 12) / doors;
  for (let i = 0; i < doors; i++) {
    const dx = x + 6 + i * dw;
    s.add(
      rect(
        dx + 3,
        y + 30,
        dw - 6,
        h - 50,
        s.lin([
          [0, "#eef7fb"],
          [1, "#cfe3ec"],
        ]),
      ),
    );
    const shelves = 4;
    const sh = (h - 60) / shelves;
    for (let j = 0; j < shelves; j++) {
      const sy = y + 30 + (j + 1) * sh - 4;
      const c = s.itemColor();
      const bw = [16, 20, 14, 18][j % 4] ?? 16;
      const bh = Math.round(Math.min(sh - 10, [40, 34, 46, 38][j % 4] ?? 40));
      const bottle = s.sym(
        `bottle${bw}x${bh}`,
        `<path d="${d`M1 ${bh}V${bh * 0.42}q0 ${-bh * 0.12} ${bw * 0.3} ${-bh * 0.18}V${bh * 0.04}h${bw * 0.4}v${bh * 0.2}q${bw * 0.3} ${bh * 0.06} ${bw * 0.3} ${bh * 0.18}V${bh}z`}"/>` +
          rect(1, bh * 0.55, bw, bh * 0.22, "#ffffff", op(0.8)) +
          rect(1 + bw * 0.3, 0, bw * 0.4, bh * 0.06, "#e9ecef"),
      );
      const pat = s.pattern(`bt${c}${bw}${bh}`, bw + 6, bh, `<use href="#${bottle}" fill="${c}"/>`);
      s.add(
        `<rect transform="translate(${f(dx + 6)} ${f(sy - bh)})" width="${f(dw - 12)}" height="${bh}" fill="${pat}"/>`,
      );
      s.add(rect(dx + 3, sy, dw - 6, 4, "#9fb2bd"));
    }
    s.add(
      poly(
        [
          dx + dw * 0.15,
          y + 30,
          dx + dw * 0.4,
          y + 30,
          dx + dw * 0.1,
          y + h - 20,
          dx + 3,
          y + h - 20,
          dx + 3,
          y + h * 0.6,
        ],
        "#ffffff",
        op(0.22),
      ),
    );
    s.add(rect(dx + dw - 14, y + h * 0.4, 5, 60, "#c9ced3"));
  }
  s.add(rect(x + 6, y + 6, w - 12, 20, col(s.p.accent, 4)));
}

function tableCloth(s: Svg, cx: number, floorY: number, k: number, items: (topY: number) => void): void {
  s.instance(
    "tablecloth",
    () => {
      shadow(s, 0, 0, 110, 14, 0.3);
      s.add(
        pathEl(
          "M-100 -150L-106 -30Q0 -14 106 -30L100 -150Z",
          s.lin([
            [0, "#fbfaf5"],
            [1, "#dcd8cf"],
          ]),
        ),
      );
      s.add(ellipse(0, -150, 100, 20, "#ffffff"), rect(-90, -30, 6, 30, "#2b2622"), rect(84, -30, 6, 30, "#2b2622"));
    },
    cx,
    floorY,
    k,
  );
  items(floorY - 150 * k);
}

// ---------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------

type SceneFn = (s: Svg) => { light: [number, number] };

function exterior(s: Svg): { light: [number, number] } {
  const { r, p, kind } = s;
  const golden = r.chance(0.35);
  s.add(
    rect(
      0,
      0,
      W,
      H,
      s.lin(
        golden
          ? [
              [0, "#86aed6"],
              [0.55, "#f0d6b0"],
              [1, "#f6e3c4"],
            ]
          : [
              [0, "#6fa8dc"],
              [1, "#d9ebf6"],
            ],
      ),
    ),
  );
  for (let i = 0; i < 3; i++) {
    const cx = r.range(0, W);
    const cy = r.range(30, 150);
    for (let j = 0; j < 4; j++)
      s.add(ellipse(cx + j * 34 - 50, cy + r.range(-10, 10), r.range(36, 60), r.range(16, 26), "#ffffff", op(0.75)));
  }
  const ground = 688;
  const x0 = r.range(150, 230);
  const x1 = W - r.range(150, 230);
  // neighbours
  const neigh = (nx0: number, nx1: number, top: number) => {
    const c: HSL = [r.pick([12, 24, 36, 200, 40]), r.range(12, 38), r.range(58, 78)];
    s.add(
      rect(
        nx0,
        top,
        nx1 - nx0,
        ground - top,
        s.lin([
          [0, col(c, 3)],
          [1, col(c, -6)],
        ]),
      ),
    );
    const ws: string[] = [];
    for (let wy = top + 50; wy < 300; wy += 120)
      for (let wx = nx0 + 30; wx < nx1 - 70; wx += 110) ws.push(d`M${wx} ${wy}h60v84h-60z`);
    s.add(pathEl(ws.join(""), "#4e6275", stroke("#f2eee6", 6)));
    s.add(rect(nx0, 360, nx1 - nx0, ground - 360, col(c, -14)));
    s.add(rect(nx0, 440, nx1 - nx0, ground - 440, "#3f4d58", op(0.6)));
  };
  neigh(-20, x0, r.range(40, 170));
  neigh(x1, W + 20, r.range(40, 170));
  // main facade
  const fac = p.facade;
  s.add(
    rect(
      x0,
      -10,
      x1 - x0,
      ground + 10,
      s.lin([
        [0, col(fac, 4)],
        [1, col(fac, -6)],
      ]),
    ),
  );
  if (p.facadeBrick) {
    const b = col(fac, -8);
    s.add(
      rect(
        x0,
        -10,
        x1 - x0,
        320,
        s.pattern(`brk${b}`, 60, 24, pathEl("M0 .5H60M0 12.5H60M.5 0V12M30.5 12V24", "none", stroke(b, 1.6))),
      ),
    );
  }
  // upper windows
  const nw = r.pick([2, 3, 3]);
  const span = x1 - x0;
  for (let i = 0; i < nw; i++) {
    const cx = x0 + (span * (i + 0.5)) / nw;
    const ww = Math.min(130, span / nw - 70);
    s.add(rect(cx - ww / 2 - 10, 70, ww + 20, 180, col(fac, -18), op(0.5)));
    s.add(
      rect(
        cx - ww / 2,
        80,
        ww,
        160,
        s.lin([
          [0, "#8fb3cc"],
          [1, "#d6e6ee"],
        ]),
      ),
    );
    s.add(poly([cx - ww / 2, 80, cx - ww / 2 + ww * 0.35, 80, cx - ww / 2, 200], "#ffffff", op(0.25)));
    s.add(
      pathEl(
        d`M${cx - ww / 2} 80h${ww}v160h${-ww}zM${cx - ww / 2} 160h${ww}M${cx} 80v160`,
        "none",
        stroke("#f5f2ec", 7),
      ),
    );
    s.add(rect(cx - ww / 2 - 14, 242, ww + 28, 12, "#efebe4"));
  }
  // cornice
  s.add(rect(x0 - 10, 296, span + 20, 16, col(fac, -16)), rect(x0 - 16, 290, span + 32, 8, "#efebe4"));
  // shop front
  const top = 318;
  const fasciaH = 74;
  const fascia = kind === "dental" ? "#ffffff" : col(p.accent, -4);
  s.add(rect(x0 - 6, top, span + 12, fasciaH, fascia));
  s.add(
    rect(x0 + 8, top + 10, span - 16, fasciaH - 20, "none", stroke(kind === "dental" ? col(p.accent) : "#e9cf8e", 3)),
  );
  const emb = kind === "dental" ? col(p.accent) : "#fbf3de";
  const ec = x0 + span / 2;
  s.add(circle(ec, top + fasciaH / 2, 30, kind === "dental" ? col(p.accent2, 30) : col(p.accent, -12)));
  emblem(s, ec, top + fasciaH / 2, 0.55, emb);
  for (const sgn of [-1, 1]) {
    const bx = ec + sgn * 90;
    s.add(rrect(bx - (sgn < 0 ? 180 : 0) + (sgn < 0 ? 0 : 0), top + fasciaH / 2 - 4, 180, 8, 4, emb, op(0.5)));
  }
  s.add(rect(x0 - 6, top + fasciaH, span + 12, 6, "#000", op(0.25)));
  const pil = 38;
  const pilC = kind === "dental" ? "#e8e6e0" : col(p.accent, -10);
  s.add(
    rect(x0 - 6, top + fasciaH, pil, ground - top - fasciaH, pilC),
    rect(x1 + 6 - pil, top + fasciaH, pil, ground - top - fasciaH, pilC),
  );
  const gx0 = x0 - 6 + pil;
  const gx1 = x1 + 6 - pil;
  const gTop = top + fasciaH + 6;
  const riser = 606;
  // interior glow through glass
  const doorW = 140;
  const doorPos = r.pick([0.5, 0.2, 0.8]);
  const doorX = gx0 + (gx1 - gx0 - doorW) * doorPos;
  s.add(
    rect(
      gx0,
      gTop,
      gx1 - gx0,
      ground - gTop,
      s.lin([
        [0, "#fff0cc"],
        [0.6, "#e8c68e"],
        [1, "#a98556"],
      ]),
    ),
  );
  // a glimpse of the interior
  if (kind === "takeaway") {
    for (let bx = gx0 + 30; bx < gx1 - 150; bx += 170) {
      s.add(rect(bx, gTop + 76, 140, 60, "#fffaf0"), rect(bx, gTop + 76, 140, 12, col(p.accent)));
      for (let j = 0; j < 3; j++)
        s.add(
          ellipse(bx + 26 + j * 44, gTop + 112, 16, 7, r.pick([hex(22, 55, 40), hex(40, 75, 60), hex(105, 45, 42)])),
        );
    }
  } else if (kind !== "dental") {
    shelfItems(
      s,
      gx0 + 20,
      gTop + 120,
      gx1 - gx0 - 40,
      32,
      kind === "cafe"
        ? ["jar", "cups", "tin"]
        : kind === "shop"
          ? ["can", "box", "jar", "bottle"]
          : ["plates", "jar", "plantpot"],
    );
    s.add(rect(gx0, gTop + 120, gx1 - gx0, 6, col(p.wood, -10)));
  }
  for (let lx = gx0 + 70; lx < gx1 - 40; lx += r.range(140, 190)) glow(s, lx, gTop + 84, 60, 0.8, "#fff7d6");
  s.add(rect(gx0, riser - 46, gx1 - gx0, 46, "#5a4030", op(0.4)));
  if (kind === "dental") {
    const bl: string[] = [];
    for (let yy = gTop + 8; yy < gTop + 100; yy += 12) bl.push(d`M${gx0} ${yy}H${gx1}`);
    s.add(pathEl(bl.join(""), "none", stroke("#ffffff", 6, op(0.75))));
    s.add(rect(gx0, riser - 70, gx1 - gx0, 70, "#ffffff", op(0.6)));
    for (const tx of [gx0 + (doorX - gx0) / 2, doorX + doorW + (gx1 - doorX - doorW) / 2]) {
      if (tx - gx0 < 80 || gx1 - tx < 80) continue;
      s.add(circle(tx, gTop + 150, 40, col(p.accent), op(0.9)));
      tooth(s, tx, gTop + 152, 0.5, "#ffffff");
    }
  }
  // stall riser
  s.add(rect(gx0, riser, gx1 - gx0, ground - riser, kind === "dental" ? "#e3e1dc" : col(p.accent, -6)));
  const ins: string[] = [];
  for (let px = gx0 + 16; px < gx1 - 100; px += 150)
    ins.push(
      d`M${px} ${riser + 22}h${Math.min(130, gx1 - 16 - px)}v${ground - riser - 44}h${-Math.min(130, gx1 - 16 - px)}z`,
    );
  s.add(pathEl(ins.join(""), "none", stroke("#000", 2.5, op(0.2))));
  // door
  s.add(rect(doorX, gTop, doorW, ground - gTop, kind === "dental" ? "#d9d6cf" : col(p.accent, -14)));
  s.add(
    rect(
      doorX + 16,
      gTop + 20,
      doorW - 32,
      riser - gTop - 10,
      s.lin([
        [0, "#fff3d6"],
        [1, "#d9b27a"],
      ]),
    ),
  );
  s.add(rect(doorX + doorW - 30, gTop + (riser - gTop) * 0.55, 8, 70, "#d9c38a"));
  s.add(rect(doorX - 10, ground - 8, doorW + 20, 14, "#b9b3a8"));
  // glass reflections and mullions
  const gl: string[] = [];
  for (let i = 0; i < 4; i++) {
    const rx = gx0 + r.range(0, gx1 - gx0);
    gl.push(d`M${rx} ${gTop}h${r.range(20, 60)}l-120 ${riser - gTop}h${-r.range(20, 50)}z`);
  }
  s.add(`<g${s.clip(rect(gx0, gTop, gx1 - gx0, riser - gTop, "#000"))}>${pathEl(gl.join(""), "#ffffff", op(0.2))}</g>`);
  const mull: string[] = [
    d`M${gx0} ${riser}H${gx1}`,
    d`M${doorX} ${gTop}V${ground}M${doorX + doorW} ${gTop}V${ground}`,
  ];
  for (const [a, b] of [
    [gx0, doorX],
    [doorX + doorW, gx1],
  ] as const) {
    if (b - a > 260) mull.push(d`M${(a + b) / 2} ${gTop}V${riser}`);
  }
  s.add(pathEl(mull.join(""), "none", stroke(kind === "dental" ? "#cfcac2" : col(p.accent, -16), 9)));
  // awning / canopy
  if (kind === "dental") {
    s.add(
      rect(x0 - 30, top + fasciaH, span + 60, 16, "#f4f2ee"),
      rect(x0 - 30, top + fasciaH + 16, span + 60, 26, "#000", op(0.08)),
    );
  } else {
    const aT = top + fasciaH + 4;
    const aB = aT + 64;
    const ax0 = x0 + 10;
    const ax1 = x1 - 10;
    const bx0 = x0 - 24;
    const bx1 = x1 + 24;
    s.add(rect(x0, aB, span, 40, "#000", op(0.12)));
    const stripes = 14;
    const cA = col(p.accent, 2);
    const cB = "#f6f1e4";
    const stA: string[] = [];
    const stB: string[] = [];
    for (let i = 0; i < stripes; i++) {
      const t0 = i / stripes;
      const t1 = (i + 1) / stripes;
      const q = d`M${ax0 + (ax1 - ax0) * t0} ${aT}L${ax0 + (ax1 - ax0) * t1} ${aT}L${bx0 + (bx1 - bx0) * t1} ${aB}L${bx0 + (bx1 - bx0) * t0} ${aB}Z`;
      (i % 2 ? stB : stA).push(q);
    }
    s.add(pathEl(stA.join(""), cA), pathEl(stB.join(""), cB));
    s.add(
      rect(
        x0,
        aT,
        span,
        64,
        s.lin([
          [0, "#000", 0.18],
          [0.4, "#000", 0],
          [1, "#fff", 0.12],
        ]),
      ),
    );
    const sw = (bx1 - bx0) / stripes;
    const vals: string[] = [];
    for (let i = 0; i < stripes; i++)
      vals.push(d`M${bx0 + i * sw} ${aB}h${sw}v10a${sw / 2} ${sw / 2.6} 0 0 1 ${-sw} 0z`);
    s.add(
      pathEl(vals.filter((_, i) => i % 2 === 0).join(""), col(p.accent, -4)),
      pathEl(vals.filter((_, i) => i % 2 === 1).join(""), "#e9e2d2"),
    );
  }
  // pavement
  s.add(
    rect(
      0,
      ground,
      W,
      H - ground,
      s.lin([
        [0, "#cbc6bd"],
        [1, "#a8a298"],
      ]),
    ),
  );
  const pv: string[] = [];
  for (let xb = -1200; xb < 2400; xb += 150) pv.push(d`M${600 + (xb - 600) * 0.25} ${ground}L${xb} ${H}`);
  for (const y of [ground + 22, ground + 56, ground + 108]) pv.push(d`M0 ${y}H${W}`);
  s.add(pathEl(pv.join(""), "none", stroke("#8e887e", 1.5, op(0.5))));
  s.add(rect(0, ground, W, 10, "#000", op(0.15)));
  // props
  const side = doorPos < 0.5 ? 1 : -1;
  const propX = doorPos === 0.5 ? gx0 + 130 : side > 0 ? gx1 - 170 : gx0 + 170;
  if (kind === "cafe" || kind === "restaurant") {
    const k = 0.9;
    const tx = doorPos === 0.5 ? gx1 - 170 : propX;
    chair(s, tx - 80 * k, ground + 90, k, 1, "#2f3336");
    chair(s, tx + 80 * k, ground + 90, k, -1, "#2f3336");
    table(s, tx, ground + 90, k, "#e9e4da", (ty) =>
      kind === "cafe" ? cup(s, tx - 10, ty + 2, 0.8, col(p.accent2, 10), true) : glassOfWater(s, tx + 20, ty, 0.8),
    );
  }
  if (kind === "shop") {
    for (let i = 0; i < 3; i++) fruitCrate(s, gx0 + 20 + i * 150, ground - 50, 130, 50, r.pick(FRUITS), 15);
    for (let i = 0; i < 2; i++) fruitCrate(s, gx1 - 300 + i * 150, ground - 50, 130, 50, r.pick(FRUITS), 15);
  }
  if (kind !== "dental") {
    // A-board
    const bx =
      doorPos === 0.5 ? gx0 + 60 : side > 0 ? Math.min(gx1 - 80, doorX + doorW + 90) : Math.max(gx0 + 40, doorX - 140);
    const by = ground + 100;
    shadow(s, bx + 50, by, 70, 10, 0.3);
    s.add(poly([bx + 10, by - 170, bx + 90, by - 170, bx + 100, by, bx, by], col(p.wood, -4)));
    s.add(poly([bx + 18, by - 160, bx + 82, by - 160, bx + 90, by - 12, bx + 10, by - 12], "#2a2e2c"));
    emblem(s, bx + 50, by - 120, 0.5, "#f4efe2");
    s.add(
      pathEl(
        d`M${bx + 24} ${by - 76}h50M${bx + 24} ${by - 56}h40M${bx + 24} ${by - 36}h46`,
        "none",
        stroke("#f4efe2", 5, ROUND + op(0.75)),
      ),
    );
  }
  for (const px of kind === "dental" ? [gx0 + 40, gx1 - 40] : [x0 + 12, x1 - 12]) {
    if (kind === "restaurant" || kind === "dental") {
      shadow(s, px, ground + 40, 50, 10);
      s.add(rect(px - 34, ground - 30, 68, 70, kind === "dental" ? "#e8e5df" : "#2b2f33"));
      s.add(rect(px - 3, ground - 110, 6, 84, "#5b4634"));
      s.add(
        circle(
          px,
          ground - 140,
          52,
          s.rad(
            [
              [0, hex(110, 40, 44)],
              [1, hex(120, 45, 26)],
            ],
            0.4,
            0.35,
            0.7,
          ),
        ),
      );
    } else {
      plant(s, px, ground + 40, 1.1);
    }
  }
  return { light: [W * 0.5, gTop + 120] };
}

function counterScene(s: Svg): { light: [number, number] } {
  const { r, p, kind } = s;
  const rm = room(s);
  const topY = r.range(470, 510);
  const lamps = r.int(3, 4);
  if (kind === "dental") {
    // reception
    const lx = r.range(420, 780);
    s.add(circle(lx, 190, 80, col(p.accent)), circle(lx, 190, 72, "none", stroke("#ffffff", 3, op(0.6))));
    tooth(s, lx, 192, 0.9, "#ffffff");
    artFrame(s, lx - 380, 150, 150, 190);
    artFrame(s, lx + 230, 150, 150, 190);
    s.add(rect(0, 0, W, 40, "#ffffff", op(0.5)));
    for (let i = 0; i < 4; i++) {
      s.add(rrect(160 + i * 260, 8, 140, 18, 9, "#fffdf5"));
      glow(s, 230 + i * 260, 30, 140, 0.35);
    }
    const cx = r.range(150, 300);
    counter(s, cx, topY, W - cx * 2 + 100, 760, "white");
    s.add(rect(cx - 12, topY - 4, W - cx * 2 + 124, 8, col(p.wood)));
    const mx = cx + r.range(120, 300);
    s.add(
      rect(mx - 6, topY - 40, 12, 40, "#2d3236"),
      rrect(mx - 70, topY - 130, 140, 92, 6, "#2d3236"),
      rect(
        mx - 62,
        topY - 122,
        124,
        76,
        s.lin([
          [0, "#cfe6f3"],
          [1, "#9ec8e0"],
        ]),
      ),
    );
    plant(s, cx + W - cx * 2 - 20, topY, 0.7, "#ffffff");
    cup(s, mx + 140, topY, 0.7, col(p.accent2, 6));
    plant(s, 70, 760, 1.3, "#ffffff");
    return { light: [lx, 200] };
  }
  if (kind === "shop") {
    shelfWall(s, 60, 190, W - 120, 3, 120, ["can", "box", "jar", "bottle", "tin"], col(p.wood, -6));
    s.add(rect(40, 60, W - 80, 60, col(p.accent)), rect(40, 110, W - 80, 10, "#000", op(0.15)));
    for (let i = 0; i < 5; i++) emblem(s, 140 + i * 230, 90, 0.45, "#f8f3e6");
    const cx = r.range(80, 300);
    counter(s, cx, topY + 30, r.range(500, 700), 780, "wood");
    for (let i = 0; i < 3; i++) fruitCrate(s, cx + 30 + i * 150, topY + 30, 130, 0, r.pick(FRUITS), 16);
    s.add(rrect(cx + 520, topY - 40, 110, 70, 6, "#2d3236"), rect(cx + 530, topY - 32, 90, 44, "#9ec8e0"));
    return { light: [600, 120] };
  }
  // takeaway, cafe, restaurant: menu boards + back bench + front counter
  const boards = kind === "restaurant" ? 0 : r.int(2, 3);
  let lampXs = [200, 600, 1000];
  const style = kind === "takeaway" ? "photo" : "list";
  if (boards > 0) {
    const bw = kind === "takeaway" ? r.range(300, 340) : r.range(260, 300);
    const gap = 30;
    const total = boards * bw + (boards - 1) * gap;
    const bx0 = (W - total) / 2 + r.range(-80, 80);
    for (let i = 0; i < boards; i++) menuBoard(s, bx0 + i * (bw + gap), 60, bw, kind === "takeaway" ? 200 : 230, style);
    // hang the lamps clear of the boards
    lampXs = [bx0 / 2, (bx0 + total + W) / 2].filter((x) => x > 60 && x < W - 60);
  } else {
    shelfWall(s, 120, 220, W - 240, 2, 110, ["jar", "plates", "plantpot", "tin"], col(p.wood, -8));
    artFrame(s, 200, 40, 140, 110);
    artFrame(s, W - 340, 40, 140, 110);
  }
  // back bench
  const benchTop = rm.horizon - 150;
  s.add(rect(0, benchTop, W, rm.horizon - benchTop, "#b9c1c8"), rect(0, benchTop, W, 10, "#dfe4e8"));
  if (kind === "takeaway") {
    const n = r.int(1, 2);
    for (let i = 0; i < n; i++) {
      const dx = r.range(200, 1000);
      s.add(
        rect(dx - 80, benchTop - 260, 40, 250, "#2b2f33"),
        rect(
          dx - 76,
          benchTop - 250,
          32,
          230,
          s.lin([
            [0, "#ff8a3a"],
            [1, "#c2361c"],
          ]),
        ),
      );
      glow(s, dx - 40, benchTop - 130, 160, 0.4, "#ff9a4a");
      doner(s, dx, benchTop - 230, 200, 1);
    }
  } else if (kind === "cafe") {
    espressoMachine(s, r.range(200, 700), benchTop, 1);
    for (let i = 0; i < 5; i++)
      s.add(
        rrect(860 + i * 48, benchTop - 70, 40, 70, 6, "#e8e0cc", op(0.9)),
        rect(864 + i * 48, benchTop - 50, 32, 48, hex(r.pick([24, 30, 40]), 45, r.range(25, 45))),
      );
  } else {
    for (let i = 0; i < 4; i++)
      s.add(
        rrect(220 + i * 220, benchTop - 60, 90, 60, 10, "#dfe4e8"),
        rect(224 + i * 220, benchTop - 58, 82, 14, "#000", op(0.15)),
      );
  }
  if (lamps === 4 && boards === 0) lampXs = [150, 450, 750, 1050];
  for (const x of lampXs) pendant(s, x, r.range(70, 110), 42);
  // front counter
  const cx = r.range(-60, 160);
  const cw = r.range(760, 1000);
  const styles = {
    takeaway: ["tiles", "accent", "steel"],
    cafe: ["wood", "accent", "tiles"],
    restaurant: ["wood", "white", "wood"],
  } as const;
  counter(s, cx, topY, cw, 790, r.pick(styles[kind]));
  if (kind === "takeaway") {
    // display case with trays
    const dx = cx + 40;
    const dw = Math.min(cw - 120, 560);
    s.add(pathEl(d`M${dx} ${topY}v-90l50 -30h${dw - 50}v120z`, "#e6f3f7", op(0.35)));
    for (let i = 0; i < 5; i++) {
      const tx = dx + 20 + (i * (dw - 40)) / 5;
      s.add(rect(tx, topY - 28, (dw - 60) / 5, 24, "#b8bec4"));
      const c = r.pick([hex(110, 50, 40), hex(8, 70, 48), hex(45, 80, 60), hex(18, 50, 34), hex(30, 30, 85)]);
      s.add(ellipse(tx + (dw - 60) / 10, topY - 28, (dw - 60) / 11, 8, c));
    }
    s.add(pathEl(d`M${dx} ${topY}v-90l50 -30h${dw - 50}v120`, "none", stroke("#ffffff", 3, op(0.7))));
    s.add(rrect(dx + dw + 30, topY - 50, 80, 50, 6, "#2d3236"));
  } else if (kind === "cafe") {
    const dx = cx + 60;
    s.add(rrect(dx, topY - 110, 320, 110, 8, "#e7f1f4", op(0.35)), rect(dx, topY - 56, 320, 4, "#ffffff", op(0.7)));
    for (let i = 0; i < 5; i++)
      s.add(pathEl(d`M${dx + 20 + i * 60} ${topY - 60}a24 18 0 0 1 48 0z`, hex(r.range(20, 40), 55, r.range(45, 65))));
    for (let i = 0; i < 5; i++)
      s.add(pathEl(d`M${dx + 20 + i * 60} ${topY - 4}h48l-6 -22h-36z`, hex(r.range(25, 45), 60, r.range(55, 70))));
    cup(s, dx + 420, topY, 1, "#f6f3ec", true);
    cup(s, dx + 500, topY, 1, col(p.accent2, 8), true);
  } else {
    plate(s, cx + 240, topY + 8, 1.2, "curry");
    plate(s, cx + 420, topY + 8, 1.2, "salad");
    glassOfWater(s, cx + 540, topY + 6, 1.1);
  }
  return { light: [600, 100] };
}

function diningScene(s: Svg): { light: [number, number] } {
  const { r, p, kind } = s;
  const rm = room(s, { horizon: r.range(500, 540), lowerH: 160 });
  // scale of an object standing on the floor at y (1 ≈ at the back wall, camera ~1.5 m high)
  const scale = (y: number) => ((y - rm.vy) / (rm.horizon - rm.vy)) * 0.78;
  if (kind === "shop") {
    // aisle: shelving along the back wall, produce stands in front
    s.add(rect(30, 60, W - 60, 46, col(p.accent)), rect(30, 100, W - 60, 8, "#000", op(0.15)));
    for (let i = 0; i < 5; i++) emblem(s, 130 + i * 235, 83, 0.36, "#f8f3e6");
    shelfWall(s, 50, 200, W - 100, 3, 100, ["can", "box", "jar", "bottle", "tin"], col(p.wood, -6));
    s.add(
      rect(30, 130, 14, rm.horizon - 130, col(p.wood, -12)),
      rect(W - 44, 130, 14, rm.horizon - 130, col(p.wood, -12)),
    );
    for (let i = 0; i < 3; i++) pendant(s, 250 + i * 350, r.range(20, 40), 40, "cone");
    for (const [y, off] of [
      [rm.horizon + 80, 0],
      [r.range(770, 790), 0.5],
    ] as const) {
      const k = scale(y);
      const sw = 230 * k;
      for (let x = -sw * off - r.range(0, 40); x < W; x += sw + 16 * k) {
        shadow(s, x + sw / 2, y, sw * 0.55, 10 * k);
        s.add(rect(x + 8 * k, y - 70 * k, sw - 16 * k, 70 * k, col(p.wood, -12)));
        fruitCrate(s, x, y - 110 * k, sw, 44 * k, r.pick(FRUITS), 18 * k);
      }
    }
    return { light: [600, 150] };
  }
  // back wall decoration
  const nWin = r.int(1, 2);
  const ww = r.range(240, 300);
  const wy = 70;
  const wh = rm.horizon - 160 - wy - 30;
  const winXs: number[] = [];
  for (let i = 0; i < nWin; i++)
    winXs.push(
      nWin === 1 ? r.range(200, W - 200 - ww) : i === 0 ? r.range(90, 200) : r.range(W - 200 - ww, W - 90 - ww),
    );
  for (const wx of winXs) streetWindow(s, wx, wy, ww, wh, kind === "dental" ? "#f2f2f0" : "#2f3336");
  const first = winXs[0] ?? 300;
  const artX = nWin === 1 ? (first > 500 ? r.range(90, 180) : r.range(W - 330, W - 240)) : W / 2 - 75;
  if (kind === "dental") {
    s.add(circle(artX + 75, 170, 70, col(p.accent2, 20)));
    tooth(s, artX + 75, 172, 0.85, "#ffffff");
  } else {
    artFrame(s, artX, 90, 150, 190);
  }
  if (kind === "dental") {
    // waiting room: a row of seats, a low table and plants
    for (let i = 0; i < 4; i++) {
      s.add(rrect(140 + i * 250, 10, 160, 16, 8, "#fffdf5"));
      glow(s, 220 + i * 250, 24, 120, 0.3);
    }
    const y = r.range(690, 720);
    const k = scale(y);
    const n = r.int(3, 4);
    const seatW = 112 * k;
    const x0 = r.range(40, 160);
    for (let i = 0; i < n; i++) {
      const cx = x0 + i * seatW + seatW / 2;
      const c = col(p.accent2, i % 2 ? 6 : 0);
      shadow(s, cx, y, seatW * 0.55, 9 * k);
      s.add(rrect(cx - seatW * 0.45, y - 150 * k, seatW * 0.9, 78 * k, 16 * k, c));
      s.add(rrect(cx - seatW * 0.48, y - 80 * k, seatW * 0.96, 30 * k, 12 * k, col(p.accent2, -8)));
      s.add(
        rect(cx - seatW * 0.36, y - 50 * k, 5 * k, 50 * k, "#8a9096"),
        rect(cx + seatW * 0.32, y - 50 * k, 5 * k, 50 * k, "#8a9096"),
      );
    }
    const tx = x0 + n * seatW + 150 * k;
    const ty = y + 10;
    const tk = scale(ty);
    shadow(s, tx, ty, 120 * tk, 12 * tk);
    s.add(
      rrect(tx - 110 * tk, ty - 70 * tk, 220 * tk, 20 * tk, 8 * tk, col(p.wood)),
      rect(tx - 96 * tk, ty - 52 * tk, 8 * tk, 52 * tk, col(p.wood, -14)),
      rect(tx + 88 * tk, ty - 52 * tk, 8 * tk, 52 * tk, col(p.wood, -14)),
    );
    for (let i = 0; i < 3; i++)
      s.add(
        rect(
          tx - 80 * tk + i * 50 * tk,
          ty - 78 * tk - i * 2,
          54 * tk,
          9 * tk,
          s.itemColor(),
          ` transform="rotate(${f(r.range(-8, 8))} ${f(tx)} ${f(ty - 70 * tk)})"`,
        ),
      );
    plant(s, W - 90, 780, 1.5, "#ffffff");
    plant(s, r.range(60, 100), rm.horizon + 40, 0.9, "#ffffff");
    return { light: [first + ww / 2, 200] };
  }
  // tables and chairs in two staggered rows
  const chairC = r.pick(["#2f3336", col(p.wood, -8), col(p.accent, -6), "#e8e2d6"]);
  const tableTop = r.pick([col(p.wood, 8), "#ece7dd", "#3a3a3a"]);
  for (let i = 0, n = r.int(2, 3); i < n; i++) pendant(s, ((i + 0.5) * W) / n + r.range(-60, 60), r.range(40, 90), 36);
  const rowY = [rm.horizon + r.range(55, 75), r.range(775, 795)];
  rowY.forEach((y, ri) => {
    const k = scale(y);
    const spacing = 330 * k;
    const start = (ri === 1 ? spacing / 2 : 0) + r.range(-40, 40) + 120;
    for (let x = start - spacing; x < W + spacing; x += spacing) {
      const items = (ty: number) => {
        if (kind === "cafe") {
          cup(
            s,
            x - 30 * k,
            ty + 4 * k,
            0.9 * k,
            r.pick(["#f6f3ec", col(p.accent2, 8), col(p.accent, 12)]),
            r.chance(0.5),
          );
          if (r.chance(0.6)) plate(s, x + 34 * k, ty + 6 * k, 0.6 * k, "cake");
        } else if (kind === "takeaway") {
          plate(s, x - 24 * k, ty + 6 * k, 0.75 * k, r.pick(["kebab", "wrap", "grill"] as const));
          glassOfWater(s, x + 44 * k, ty + 2 * k, 0.8 * k);
        } else {
          plate(s, x - 40 * k, ty + 6 * k, 0.62 * k, r.pick(["curry", "grill", "salad"] as const));
          plate(s, x + 40 * k, ty + 6 * k, 0.62 * k, r.pick(["curry", "grill", "salad"] as const));
          glassOfWater(s, x, ty - 4 * k, 0.7 * k);
        }
      };
      chair(s, x - 100 * k, y - 6 * k, k, 1, chairC);
      chair(s, x + 100 * k, y - 6 * k, k, -1, chairC);
      if (kind === "restaurant") tableCloth(s, x, y, k, items);
      else table(s, x, y, k, tableTop, items);
    }
  });
  return { light: [first + ww / 2, 200] };
}

function windowScene(s: Svg): { light: [number, number] } {
  const { r, p, kind } = s;
  const horizon = r.range(600, 640);
  const rm = room(s, { horizon, lower: "plain" });
  const wx = r.range(40, 120);
  const wy = 60;
  const wh = horizon - 220;
  streetWindow(s, wx, wy, W - wx * 2, wh, kind === "dental" ? "#f2f2f0" : "#2f3336", r.int(3, 4));
  if (r.chance(0.7)) for (let i = 0; i < 3; i++) hangingPlant(s, 200 + i * 400 + r.range(-60, 60), r.range(80, 150), 1);
  const barY = wy + wh + 40;
  if (kind === "dental") {
    // sofa by the window
    const sy = rm.horizon + 110;
    const sofa = r.pick<HSL>([p.accent2, p.accent, [36, 30, 72]]);
    shadow(s, 600, sy, 440, 22, 0.35);
    s.add(rect(270, sy - 30, 12, 30, "#6b5a45"), rect(918, sy - 30, 12, 30, "#6b5a45"));
    s.add(rrect(240, sy - 250, 720, 140, 30, col(sofa, -4)));
    for (let i = 0; i < 3; i++) s.add(rrect(290 + i * 212, sy - 226, 196, 90, 24, col(sofa, 8)));
    s.add(rrect(270, sy - 140, 660, 60, 18, col(sofa, 4)), rrect(220, sy - 110, 760, 82, 26, col(sofa, -2)));
    s.add(rrect(200, sy - 190, 70, 162, 30, col(sofa, -6)), rrect(930, sy - 190, 70, 162, 30, col(sofa, -6)));
    s.add(rrect(340, sy - 200, 90, 70, 20, col(p.accent2, 18), ` transform="rotate(-10 385 ${f(sy - 165)})"`));
    plant(s, 120, rm.horizon + 140, 1.2, "#ffffff");
    plant(s, 1090, rm.horizon + 150, 1.3, "#ffffff");
    return { light: [600, 200] };
  }
  // bar counter along the window
  s.add(
    rect(wx - 20, barY, W - wx * 2 + 40, 22, col(p.wood, 6)),
    rect(wx - 20, barY + 22, W - wx * 2 + 40, 10, "#000", op(0.2)),
  );
  s.add(rect(wx, barY + 32, W - wx * 2, rm.horizon - barY - 32, col(p.wall, -10)));
  const n = r.int(4, 6);
  for (let i = 0; i < n; i++) {
    const x = wx + 80 + (i * (W - wx * 2 - 160)) / (n - 1);
    if (kind === "shop") {
      fruitCrate(s, x - 80, barY, 160, 0, r.pick(FRUITS), 15);
      continue;
    }
    if (kind === "cafe") cup(s, x, barY + 6, 0.9, r.pick(["#f6f3ec", col(p.accent2, 8)]), r.chance(0.5));
    else if (kind === "takeaway") plate(s, x, barY + 10, 0.7, r.pick(["kebab", "wrap"] as const));
    else plate(s, x, barY + 10, 0.7, r.pick(["curry", "salad"] as const));
  }
  if (kind === "shop") {
    for (let i = 0; i < 3; i++) {
      const x = 60 + i * 380 + r.range(-20, 20);
      s.add(rect(x + 10, 700, 320, 90, col(p.wood, -12)));
      fruitCrate(s, x, 680, 340, 60, r.pick(FRUITS), 22);
    }
    return { light: [600, 200] };
  }
  // stools
  const stoolC = r.pick(["#2f3336", col(p.accent, -4), col(p.wood, -6)]);
  for (let i = 0; i < n; i++) {
    const x = wx + 80 + (i * (W - wx * 2 - 160)) / (n - 1);
    const fy = r.range(760, 790);
    shadow(s, x, fy, 60, 10);
    s.add(
      pathEl(
        d`M${x - 30} ${fy}L${x - 14} ${fy - 150}M${x + 30} ${fy}L${x + 14} ${fy - 150}M${x - 24} ${fy - 50}H${x + 24}`,
        "none",
        stroke(stoolC, 6, ROUND),
      ),
    );
    s.add(ellipse(x, fy - 154, 42, 12, col(p.wood, 4)), rect(x - 42, fy - 154, 84, 8, col(p.wood, -6)));
  }
  return { light: [600, 200] };
}

/** An out-of-focus room behind a close-up: blurred shelves, windows and lamps, plus bokeh. */
function bokehBackdrop(s: Svg, surfaceY: number): void {
  const { r, p } = s;
  s.add(
    rect(
      0,
      0,
      W,
      surfaceY,
      s.lin([
        [0, col(p.wall, -2)],
        [1, col(p.wall, -10)],
      ]),
    ),
  );
  // Out-of-focus shapes are soft-edged gradient blobs: much cheaper to render than a blur filter.
  const blob = (x: number, y: number, w: number, h: number, c: string, a: number) =>
    s.add(
      rect(
        x,
        y,
        w,
        h,
        s.rad([
          [0, c, a],
          [0.55, c, a * 0.85],
          [1, c, 0],
        ]),
      ),
    );
  for (let i = 0; i < 4; i++) {
    const x = r.range(-100, W);
    const w = r.range(220, 420);
    const kind = r.int(0, 2);
    if (kind === 0) blob(x, r.range(20, 100), w, r.range(200, 280), "#eef6f9", 0.95);
    else if (kind === 1) {
      blob(x, r.range(80, 140), w, 110, s.itemColor(), 0.6);
      blob(x - 20, r.range(170, 240), w + 40, 50, col(p.wood, -6), 0.8);
    } else blob(x, r.range(40, 180), w * 0.7, r.range(160, 240), col(p.accent, 4), 0.75);
  }
  s.add(
    rect(
      0,
      surfaceY - 120,
      W,
      120,
      s.lin([
        [0, col(p.wall2, -6), 0],
        [1, col(p.wall2, -6), 0.8],
      ]),
    ),
  );
  const dots: string[] = [];
  for (let i = 0; i < 14; i++) {
    const c = r.pick(["#fff3c8", "#ffe2a0", "#ffffff", col(p.accent2, 20)]);
    const a = Math.round(r.range(0.2, 0.5) * 10) / 10;
    dots.push(
      circle(
        r.range(0, W),
        r.range(20, surfaceY - 40),
        r.range(14, 46),
        s.rad([
          [0, c, a],
          [0.8, c, a],
          [1, c, 0],
        ]),
      ),
    );
  }
  s.add(...dots);
  for (let i = 0; i < 3; i++) glow(s, r.range(100, 1100), r.range(40, 200), r.range(90, 150), 0.55, "#fff3c8");
}

/** A table-top surface receding to the back. */
function surface(s: Svg, top: number, style: "wood" | "steel" | "cloth" | "marble"): void {
  const { r, p } = s;
  const fill =
    style === "steel"
      ? s.lin([
          [0, "#c7ccd1"],
          [1, "#8f979f"],
        ])
      : style === "cloth"
        ? s.lin([
            [0, "#f4f1ea"],
            [1, "#ddd8cc"],
          ])
        : style === "marble"
          ? s.lin([
              [0, "#f1efea"],
              [1, "#d9d5cc"],
            ])
          : s.lin([
              [0, col(p.wood, 6)],
              [1, col(p.wood, -8)],
            ]);
  s.add(rect(0, top, W, H - top, fill));
  const vx = W / 2 + r.range(-150, 150);
  const vy = top - 500;
  const t = 500 / (H - vy);
  const ls: string[] = [];
  if (style === "wood") {
    for (let xb = -2000; xb <= W + 2000; xb += 170) ls.push(d`M${vx + (xb - vx) * t} ${top}L${xb} ${H}`);
    s.add(pathEl(ls.join(""), "none", stroke("#000", 2, op(0.12))));
  } else if (style === "marble") {
    for (let i = 0; i < 6; i++)
      ls.push(
        d`M${r.range(0, W)} ${top}q${r.range(-200, 200)} ${r.range(60, 200)} ${r.range(-300, 300)} ${r.range(200, 400)}`,
      );
    s.add(pathEl(ls.join(""), "none", stroke("#8d8a84", 1, op(0.14))));
  } else if (style === "cloth") {
    for (let xb = -600; xb <= W + 600; xb += 300) ls.push(d`M${vx + (xb - vx) * t} ${top}L${xb} ${H}`);
    s.add(pathEl(ls.join(""), "none", stroke("#ffffff", 5, op(0.5))));
  }
  s.add(rect(0, top, W, 6, "#ffffff", op(0.3)));
  s.add(
    ellipse(
      W / 2,
      top + 40,
      520,
      60,
      s.rad([
        [0, "#ffffff", 0.25],
        [1, "#ffffff", 0],
      ]),
    ),
  );
}

function closeupScene(s: Svg): { light: [number, number] } {
  const { r, p, kind } = s;
  if (kind === "dental") return treatmentScene(s, false);
  const top = r.range(360, 420);
  bokehBackdrop(s, top);
  if (kind === "takeaway") {
    surface(s, top, r.pick(["wood", "steel", "marble"] as const));
    // a mixed-grill platter: skewers on rice, salad, bread, sauces and a drink
    const cx = r.range(520, 640);
    const cy = top + 230;
    shadow(s, cx + 10, cy + 14, 400, 110, 0.3);
    s.add(
      ellipse(cx, cy, 370, 100, "#d9d4ca"),
      ellipse(cx, cy - 6, 360, 94, "#fbfaf6"),
      ellipse(cx, cy - 2, 300, 72, "#f1ede4"),
    );
    s.add(ellipse(cx - 40, cy - 14, 210, 50, "#f1dfa8"));
    const rice: string[] = [];
    for (let i = 0; i < 40; i++) rice.push(d`M${cx - 40 + r.range(-180, 180)} ${cy - 14 + r.range(-36, 36)}h6`);
    s.add(pathEl(rice.join(""), "none", stroke("#fff6d8", 3, ROUND)));
    s.add(ellipse(cx + 190, cy + 8, 90, 34, "#e3c088"), ellipse(cx + 190, cy + 2, 80, 26, "#ecd3a0"));
    for (let i = 0; i < 3; i++) {
      const y = cy - 40 + i * 34;
      s.add(`<g transform="rotate(${f(r.range(-8, -3))} ${f(cx)} ${f(y)})">`);
      skewer(s, cx - 260, y, 430, 1.5);
      s.add("</g>");
    }
    for (let i = 0; i < 9; i++)
      s.add(
        ellipse(
          cx - 250 + r.range(-30, 40),
          cy + 20 + r.range(-20, 30),
          22,
          10,
          hex(r.range(90, 120), 50, r.range(34, 46)),
          ` transform="rotate(${f(r.range(-40, 40))} ${f(cx - 240)} ${f(cy + 30)})"`,
        ),
      );
    for (let i = 0; i < 4; i++)
      s.add(
        circle(cx - 230 + r.range(-40, 50), cy + 26 + r.range(-16, 20), 12, "#d6402e"),
        circle(cx - 230 + r.range(-40, 50), cy + 26 + r.range(-16, 20), 9, "#efe2f0"),
      );
    s.add(
      pathEl(d`M${cx + 230} ${cy - 50}l46 -20a50 50 0 0 1 -20 56z`, "#f4d35e"),
      pathEl(d`M${cx + 236} ${cy - 48}l36 -14a40 40 0 0 1 -16 44z`, "#fbe89a"),
    );
    const pots = (x: number, y: number, c: string) => {
      shadow(s, x + 4, y + 4, 56, 16);
      s.add(
        ellipse(x, y, 48, 16, "#e6e2da"),
        rect(x - 48, y - 40, 96, 40, "#f4f1ea"),
        ellipse(x, y - 40, 48, 16, "#ffffff"),
        ellipse(x, y - 40, 40, 12, c),
      );
    };
    pots(r.range(110, 170), top + 110, "#f3efe4");
    pots(r.range(230, 280), top + 70, "#c8402c");
    const dx = r.range(950, 1060);
    shadow(s, dx + 6, top + 150, 60, 14);
    s.add(
      rect(
        dx - 40,
        top + 20,
        80,
        130,
        s.lin(
          [
            [0, col(p.accent2, -8)],
            [0.35, col(p.accent2, 10)],
            [1, col(p.accent2, -16)],
          ],
          0,
          0,
          1,
          0,
        ),
      ),
    );
    s.add(
      ellipse(dx, top + 150, 40, 10, col(p.accent2, -16)),
      ellipse(dx, top + 20, 40, 10, "#cfd4d8"),
      ellipse(dx, top + 20, 32, 7, "#b5bcc2"),
      rect(dx - 40, top + 62, 80, 40, "#ffffff", op(0.85)),
    );
    s.add(circle(dx, top + 82, 12, col(p.accent)));
    glow(s, cx - 120, top - 40, 110, 0.3, "#ffffff");
    glow(s, cx + 40, top - 110, 150, 0.22, "#ffffff");
    return { light: [cx, top] };
  }
  if (kind === "cafe") {
    surface(s, top, r.pick(["wood", "marble"] as const));
    const tx = r.range(300, 460);
    teapot(s, tx, top + 180, 2.2, r.pick<HSL>([p.accent, p.accent2, [205, 40, 58], [24, 45, 42]]));
    cup(s, tx + r.range(330, 420), top + 220, 2.2, r.pick(["#f6f3ec", col(p.accent2, 10)]), true);
    plate(s, r.range(920, 1000), top + 300, 1.9, "cake");
    cup(s, r.range(130, 200), top + 330, 1.6, "#f6f3ec");
    return { light: [600, 150] };
  }
  if (kind === "shop") {
    surface(s, top, "wood");
    const fr = r.range(26, 32);
    const cw = 360;
    for (let row = 0; row < 2; row++) {
      for (let i = -1; i < 4; i++) {
        const x = i * (cw + 20) + (row ? r.range(-200, -120) : r.range(40, 100));
        fruitCrate(s, x, top + 150 + row * 220, cw, 120, r.pick(FRUITS), fr * (row ? 1.15 : 1));
      }
    }
    return { light: [600, 150] };
  }
  // restaurant table setting
  surface(s, top, "cloth");
  const rx = W / 2 + r.range(-60, 60);
  s.add(poly([rx - 90, top, rx + 90, top, rx + 200, H, rx - 200, H], col(p.accent2, 4), op(0.8)));
  s.add(
    pathEl(d`M${rx - 90} ${top}L${rx - 200} ${H}M${rx + 90} ${top}L${rx + 200} ${H}`, "none", stroke(col(p.accent), 5)),
  );
  const setting = (x: number, y: number, k: number, dish: Dish) => {
    plate(s, x, y, k, dish);
    s.add(
      rrect(x - 70 * k, y - 16 * k, 7 * k, 44 * k, 3.5 * k, "#c9ced3"),
      rrect(x + 62 * k, y - 16 * k, 7 * k, 44 * k, 3.5 * k, "#c9ced3"),
    );
  };
  setting(r.range(260, 340), top + 250, 2.7, r.pick(["curry", "grill"] as const));
  setting(r.range(840, 920), top + 140, 2, r.pick(["salad", "kebab"] as const));
  glassOfWater(s, 620, top + 150, 2);
  glassOfWater(s, 1100, top + 100, 1.6);
  const cx = r.range(560, 700);
  glow(s, cx, top + 10, 160, 0.7);
  s.add(
    rrect(cx - 16, top + 20, 32, 62, 8, "#f4efe2"),
    pathEl(d`M${cx} ${top + 20}q-10 -16 0 -34q10 18 0 34z`, "#ffcf5a"),
  );
  return { light: [cx, top] };
}

function treatmentScene(s: Svg, mirrored: boolean): { light: [number, number] } {
  const { r, p } = s;
  const rm = room(s, { lower: "plain" });
  // wall cabinets
  const cx0 = mirrored ? 60 : W - 520;
  s.add(
    rect(cx0, 120, 460, 150, "#fbfbf9"),
    pathEl(d`M${cx0 + 115} 120v150M${cx0 + 230} 120v150M${cx0 + 345} 120v150`, "none", stroke("#d9dcdf", 3)),
  );
  s.add(rect(cx0, 270, 460, 12, "#000", op(0.1)));
  const base = rm.horizon - 170;
  s.add(rect(cx0, base, 460, rm.horizon - base, "#fbfbf9"), rect(cx0 - 8, base - 12, 476, 16, col(p.wood, 6)));
  s.add(
    pathEl(
      d`M${cx0 + 153} ${base + 10}V${rm.horizon}M${cx0 + 306} ${base + 10}V${rm.horizon}`,
      "none",
      stroke("#d9dcdf", 3),
    ),
  );
  for (let i = 0; i < 3; i++) s.add(rect(cx0 + 60 + i * 153, base + 30, 40, 5, "#a9b0b6"));
  shelfItems(s, cx0 + 10, base - 12, 220, 40, ["jar", "bottle"]);
  s.add(ellipse(cx0 + 340, base - 4, 50, 8, "#d3d8dc"));
  // monitor on arm
  const mx = mirrored ? W - 200 : 200;
  s.add(
    line(mx, 0, mx, 60, "#c9ced3", 8),
    rrect(mx - 90, 60, 180, 110, 8, "#2d3236"),
    rect(
      mx - 82,
      68,
      164,
      94,
      s.lin([
        [0, "#d8ecf6"],
        [1, "#a6cde3"],
      ]),
    ),
  );
  tooth(s, mx, 116, 0.55, "#ffffff", op(0.9));
  // chair
  const k = r.range(1.25, 1.4);
  const x = r.range(560, 660);
  const fy = 760;
  const dir = mirrored ? -1 : 1;
  shadow(s, x, fy, 220 * k, 22 * k, 0.3);
  s.add(
    ellipse(x, fy - 6, 120 * k, 18 * k, "#cfd4d8"),
    rect(
      x - 24 * k,
      fy - 150 * k,
      48 * k,
      144 * k,
      s.lin(
        [
          [0, "#e7eaec"],
          [1, "#b5bcc2"],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  const seatC = col(p.accent2);
  const sx = (v: number) => x + dir * v * k;
  s.add(
    pathEl(
      d`M${sx(-200)} ${fy - 300 * k}L${sx(-110)} ${fy - 190 * k}L${sx(60)} ${fy - 180 * k}L${sx(180)} ${fy - 120 * k}`,
      "none",
      stroke(col(p.accent2, -10), 50 * k, ROUND),
    ),
  );
  s.add(
    pathEl(
      d`M${sx(-200)} ${fy - 306 * k}L${sx(-110)} ${fy - 196 * k}L${sx(60)} ${fy - 186 * k}L${sx(180)} ${fy - 126 * k}`,
      "none",
      stroke(seatC, 40 * k, ROUND),
    ),
  );
  s.add(
    pathEl(
      d`M${sx(-190)} ${fy - 318 * k}L${sx(-112)} ${fy - 214 * k}L${sx(60)} ${fy - 204 * k}`,
      "none",
      stroke("#ffffff", 6 * k, ROUND + op(0.3)),
    ),
  );
  s.add(
    rrect(
      sx(-232) - 34 * k,
      fy - 362 * k,
      68 * k,
      34 * k,
      16 * k,
      col(p.accent2, -4),
      ` transform="rotate(${dir * 51} ${f(sx(-232))} ${f(fy - 345 * k)})"`,
    ),
  );
  s.add(rrect(sx(-60) - 50 * k, fy - 240 * k, 100 * k, 16 * k, 8 * k, col(p.accent2, -14)));
  // light arm
  const lx = sx(-40);
  s.add(pathEl(d`M${lx} -10L${lx} 90L${sx(-140)} 180`, "none", stroke("#e1e5e8", 12, ROUND)));
  s.add(rrect(sx(-140) - 60, 170, 120, 44, 20, "#f2f4f5"), ellipse(sx(-140), 212, 46, 10, "#fffbe8"));
  glow(s, sx(-140), 230, 200, 0.45, "#fffbe8");
  // instrument tray
  const tx = sx(200);
  s.add(line(tx, fy - 150, tx, fy - 330, "#c9ced3", 8), rrect(tx - 80, fy - 350, 160, 24, 8, "#f2f4f5"));
  s.add(
    pathEl(
      d`M${tx - 60} ${fy - 350}v-30M${tx - 30} ${fy - 350}v-34M${tx} ${fy - 350}v-28M${tx + 30} ${fy - 350}v-34`,
      "none",
      stroke("#9aa3ab", 5, ROUND),
    ),
  );
  // spittoon
  const spx = sx(-180);
  s.add(
    rect(spx - 12, fy - 220, 24, 220, "#e1e5e8"),
    ellipse(spx, fy - 222, 34, 12, "#ffffff"),
    ellipse(spx, fy - 220, 22, 6, "#bfe1ec"),
  );
  plant(s, mirrored ? 1110 : 90, 780, 1.3, "#ffffff");
  return { light: [sx(-140), 240] };
}

function shelvesScene(s: Svg): { light: [number, number] } {
  const { r, p, kind } = s;
  const rm = room(s, { lower: "plain" });
  const wood = r.pick([col(p.wood), col(p.wood, -10), "#f2efe8"]);
  if (kind === "dental") {
    // product display + cabinets
    const x0 = r.range(80, 200);
    s.add(rect(x0 - 20, 80, 520, rm.horizon - 80, "#ffffff"), rect(x0 - 20, 80, 520, 14, col(p.accent)));
    for (let i = 0; i < 4; i++) {
      const y = 200 + i * 95;
      const parts: string[] = [];
      for (let j = 0; j < 9; j++) {
        const bx = x0 + 10 + j * 52;
        const c = s.itemColor();
        parts.push(
          rrect(bx, y - 70, 40, 70, 4, i % 2 ? c : "#f7f7f7"),
          rect(bx + 6, y - 56, 28, 20, i % 2 ? "#ffffff" : c, op(0.85)),
        );
      }
      s.add(...parts, rect(x0 - 10, y, 500, 8, "#d8dcdf"));
    }
    const tx = x0 + 620;
    s.add(circle(tx + 140, 200, 80, col(p.accent2, 22)));
    tooth(s, tx + 140, 202, 0.9, "#ffffff");
    const base = rm.horizon - 200;
    s.add(
      rect(tx - 40, base, 520, 200, "#fbfbf9"),
      rect(tx - 48, base - 14, 536, 18, col(p.wood, 4)),
      pathEl(d`M${tx + 133} ${base}v200M${tx + 306} ${base}v200`, "none", stroke("#d9dcdf", 3)),
    );
    for (let i = 0; i < 5; i++)
      s.add(
        pathEl(d`M${tx + i * 60} ${base - 14}v-40`, "none", stroke(hex(r.pick([200, 170, 350, 50]), 60, 55), 8, ROUND)),
      );
    plant(s, tx + 400, base - 14, 0.7, "#ffffff");
    plant(s, 1120, 790, 1.5, "#ffffff");
    for (let i = 0; i < 3; i++) pendant(s, 200 + i * 400, 60, 36, "globe");
    return { light: [600, 150] };
  }
  if (kind === "takeaway" || kind === "shop") {
    const fx = r.range(40, 120);
    const fw = kind === "shop" ? r.range(560, 700) : r.range(380, 480);
    fridge(s, fx, 80, fw, rm.horizon - 60, kind === "shop" ? 4 : 3);
    glow(s, fx + fw / 2, 300, 400, 0.25, "#e6f6ff");
    const sx = fx + fw + 60;
    shelfWall(
      s,
      sx,
      200,
      W - sx - 50,
      4,
      110,
      kind === "shop" ? ["can", "box", "jar", "tin", "bottle"] : ["bottle", "jar", "can"],
      wood,
    );
    if (kind === "shop") {
      for (let i = 0; i < 3; i++) fruitCrate(s, 60 + i * 240, 720, 220, 80, r.pick(FRUITS), 22);
    } else {
      plant(s, W - 120, 780, 1.3);
    }
    return { light: [fx + fw / 2, 300] };
  }
  // cafe / restaurant: open shelving
  const kinds: ShelfItem[] =
    kind === "cafe" ? ["jar", "tin", "cups", "plantpot", "jar"] : ["jar", "plates", "plantpot", "tin"];
  const x0 = r.range(60, 160);
  shelfWall(s, x0, 170, W - x0 * 2, 4, 105, kinds, wood);
  s.add(
    rect(
      0,
      rm.horizon - 160,
      W,
      160,
      s.lin([
        [0, col(p.wood, 2)],
        [1, col(p.wood, -8)],
      ]),
    ),
  );
  const doors: string[] = [];
  for (let x = 0; x < W; x += 200) doors.push(d`M${x + 12} ${rm.horizon - 146}h176v126h-176z`);
  s.add(pathEl(doors.join(""), "none", stroke("#000", 2, op(0.16))));
  for (let x = 0; x < W; x += 200) s.add(rrect(x + 84, rm.horizon - 130, 32, 6, 3, "#d9c9a8"));
  s.add(rect(-10, rm.horizon - 172, W + 20, 16, "#efeae2"), rect(0, rm.horizon - 156, W, 8, "#000", op(0.14)));
  if (kind === "cafe") {
    espressoMachine(s, r.range(100, 300), rm.horizon - 172, 0.9);
    teapot(s, r.range(700, 900), rm.horizon - 172, 1, p.accent);
  } else {
    for (let i = 0; i < 4; i++)
      s.add(
        rrect(120 + i * 260, rm.horizon - 236, 90, 64, 10, "#c9ced3"),
        ellipse(165 + i * 260, rm.horizon - 236, 45, 8, "#e1e5e8"),
      );
  }
  for (let i = 0; i < 3; i++) pendant(s, 220 + i * 380, r.range(50, 90), 40);
  return { light: [600, 120] };
}

function kitchenScene(s: Svg): { light: [number, number] } {
  const { r, p, kind } = s;
  if (kind === "dental") return treatmentScene(s, true);
  if (kind === "shop") {
    const rm = room(s, { lower: "plain" });
    fridge(s, 30, 60, 560, rm.horizon + 10 - 60, 4);
    fridge(s, 610, 60, 560, rm.horizon + 10 - 60, 4);
    glow(s, 600, 300, 600, 0.25, "#e6f6ff");
    for (let i = 0; i < 2; i++) fruitCrate(s, 120 + i * 560, 740, 400, 60, r.pick(FRUITS), 24);
    return { light: [600, 300] };
  }
  const rm = room(s, { lower: "tiles", lowerH: r.range(300, 360), wall: [p.wall2[0], p.wall2[1], p.wall2[2] - 4] });
  const benchTop = rm.horizon - 170;
  // hood
  const hx = r.range(200, 500);
  s.add(
    poly(
      [hx, 40, hx + 460, 40, hx + 520, 180, hx - 60, 180],
      s.lin(
        [
          [0, "#e3e7ea"],
          [1, "#a9b1b8"],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
    rect(hx - 70, 180, 600, 24, "#8f979f"),
    rect(hx + 130, -10, 200, 50, "#c9ced3"),
  );
  // shelf with pots
  shelfItems(s, 40, 250, hx - 120, 60, ["jar", "tin"]);
  s.add(rect(30, 250, hx - 100, 10, "#8f979f"));
  // hanging utensils
  const ux = hx + 560;
  s.add(rect(ux, 240, W - ux - 40, 6, "#8f979f"));
  const ut: string[] = [];
  for (let x = ux + 30; x < W - 60; x += 50) {
    const len = r.range(70, 120);
    ut.push(d`M${x} 246v${len}`);
  }
  s.add(pathEl(ut.join(""), "none", stroke("#9aa3ab", 5, ROUND)));
  for (let x = ux + 30; x < W - 60; x += 100) s.add(ellipse(x, 370, 18, 12, "#8f979f"));
  // steel bench
  s.add(
    rect(
      0,
      benchTop,
      W,
      rm.horizon - benchTop,
      s.lin([
        [0, "#cfd5da"],
        [1, "#9aa3ab"],
      ]),
    ),
    rect(0, benchTop, W, 12, "#eef1f3"),
  );
  s.add(
    pathEl(
      d`M300 ${benchTop + 12}V${rm.horizon}M600 ${benchTop + 12}V${rm.horizon}M900 ${benchTop + 12}V${rm.horizon}`,
      "none",
      stroke("#7f878f", 2),
    ),
  );
  // stove + pans
  for (let i = 0; i < 2; i++) {
    const px = hx + 80 + i * 260;
    const pb = benchTop - 18;
    s.add(
      rect(px - 110, benchTop - 6, 220, 10, "#2d3236"),
      pathEl(d`M${px - 70} ${benchTop - 6}v-14M${px + 70} ${benchTop - 6}v-14`, "none", stroke("#2d3236", 6)),
    );
    flames(s, px - 60, benchTop - 6, 120, 0.45);
    s.add(
      ellipse(px, pb, 90, 16, "#2d3236"),
      rect(px - 90, pb - 26, 180, 26, "#3a4046"),
      ellipse(px, pb - 26, 90, 16, "#4a5057"),
    );
    if (kind === "takeaway") for (let j = 0; j < 3; j++) skewer(s, px - 80, pb - 32 + j * 8, 150, 0.8);
    else s.add(ellipse(px, pb - 26, 78, 12, hex(r.pick([26, 36, 10]), 65, 42)));
    s.add(line(px + 90, pb - 16, px + 190, pb - 24, "#2d3236", 10, ROUND));
  }
  glow(s, hx + 100, 140, 110, 0.3, "#ffffff");
  glow(s, hx + 320, 100, 130, 0.25, "#ffffff");
  // front prep counter
  const cY = r.range(620, 660);
  s.add(
    rect(-10, cY, W + 20, 18, "#eef1f3"),
    rect(
      0,
      cY + 18,
      W,
      H - cY,
      s.lin([
        [0, "#b9c1c8"],
        [1, "#8b939b"],
      ]),
    ),
  );
  const board = r.range(200, 700);
  s.add(rrect(board, cY - 18, 300, 24, 6, col(p.wood, 10)));
  for (let i = 0; i < 5; i++)
    s.add(circle(board + 40 + i * 50, cY - 26, 14, r.pick(["#d6402e", "#4e9a3a", "#efe2c8", "#f2c14a"])));
  plate(s, board + 460, cY + 4, 1.1, kind === "cafe" ? "cake" : r.pick(["curry", "kebab", "salad"] as const));
  for (let i = 0; i < 3; i++) pendant(s, 200 + i * 400, 40, 34, "cone");
  return { light: [hx + 230, 200] };
}

const INTERIOR_SCENES: readonly SceneFn[] = [
  counterScene,
  diningScene,
  closeupScene,
  windowScene,
  shelvesScene,
  kitchenScene,
];

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** Deterministic: the same (kind, seed, index) always gives byte-identical output. */
export function seedImageSvg(kind: SeedImageKind, seed: string, index: number): string {
  if (!Object.hasOwn(BASES, kind)) throw new TypeError(`unknown seed image kind: ${String(kind)}`);
  if (!Number.isSafeInteger(index) || index < 0)
    throw new RangeError(`seed image index must be a non-negative integer, got ${index}`);
  const p = makePalette(kind, seed);
  const r = new Rng(`${seed}:${index}`);
  const s = new Svg(r, p, kind);
  let scene: SceneFn = exterior;
  let mirrored = false;
  if (index !== 0) {
    // The interior views of one listing cycle through every scene type (order depends on the seed);
    // on the second pass the same kind of view is seen from the other side.
    const order = new Rng(`order:${seed}`).shuffle(INTERIOR_SCENES);
    const n = index - 1;
    scene = order[n % order.length] ?? counterScene;
    mirrored = Math.floor(n / order.length) % 2 === 1;
  }
  const { light } = scene(s);
  if (mirrored) {
    s.mirror();
    light[0] = W - light[0];
  }
  // photographic finish: warm light bloom, gentle vignette
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.rad(
      [
        [0, "#fff4d6", index === 0 ? 0.1 : 0.18],
        [1, "#fff4d6", 0],
      ],
      Math.round((light[0] / W) * 100) / 100,
      Math.round((light[1] / H) * 100) / 100,
      0.7,
    )}"/>`,
  );
  s.add(
    `<rect width="${W}" height="${H}" fill="${s.rad(
      [
        [0.55, "#1b120a", 0],
        [1, "#1b120a", 0.38],
      ],
      0.5,
      0.5,
      0.75,
    )}"/>`,
  );
  return s.toString();
}

/** Renders seedImageSvg to WebP, 1200x800, quality ~78. Returns the bytes. */
export async function renderSeedImage(kind: SeedImageKind, seed: string, index: number): Promise<Buffer> {
  const svg = seedImageSvg(kind, seed, index);
  // The SVG is 1200x800 user units; at 72 dpi librsvg renders it 1:1 to 1200x800 pixels.
  return sharp(Buffer.from(svg), { density: 72 }).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
}

/**
 * Writes the image into `dir` (created if missing) under a content-addressed name
 * `${baseName}-${index}.${first 10 hex chars of sha256 of the bytes}.webp` unless a file with that name exists,
 * and returns the file name (not the path). Content-addressed names let the server serve them as immutable.
 */
export async function writeSeedImage(
  store: ObjectStore,
  baseName: string,
  kind: SeedImageKind,
  seed: string,
  index: number,
): Promise<string> {
  const bytes = await renderSeedImage(kind, seed, index);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  const name = `${baseName}-${index}.${hash}.webp`;
  // The name is the content's: an image already there is this one.
  if (!(await store.has(name))) await store.put(name, bytes);
  return name;
}
