// Core helpers for the artwork generator: colours, a seeded PRNG and a tiny
// SVG document builder that de-duplicates gradients and filters.

export type RGB = [number, number, number];

export function hex2rgb(hex: string): RGB {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgb2hex([r, g, b]: RGB): string {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function mix(a: string, b: string, t: number): string {
  const x = hex2rgb(a);
  const y = hex2rgb(b);
  return rgb2hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

export function desaturate(c: string, t: number): string {
  const [r, g, b] = hex2rgb(c);
  const l = 0.3 * r + 0.59 * g + 0.11 * b;
  return rgb2hex([r + (l - r) * t, g + (l - g) * t, b + (l - b) * t]);
}

export function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return rgb2hex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

/** Deterministic PRNG (mulberry32) seeded from a string. */
export class Rng {
  private s: number;
  constructor(seed: string) {
    let h = 2166136261;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h = Math.imul(h, 16777619);
    }
    this.s = h >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)] as T;
  }
}

/** Number formatting that keeps the SVG small. */
export function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

export type Stop = readonly [number, string, number?];

export type Attrs = Record<string, string | number | undefined | null | false>;

export function attrs(a: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null || v === false) continue;
    out += ` ${k}="${typeof v === 'number' ? n(v) : v}"`;
  }
  return out;
}

export function el(tag: string, a: Attrs, children?: string): string {
  return children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, fill, ...a });
export const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...a });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...a });
export const path = (d: string, fill: string, a: Attrs = {}) => el('path', { d, fill, ...a });
export const g = (a: Attrs, children: string) => el('g', a, children);

/** Translate/scale/rotate wrapper. */
export function place(markup: string, x: number, y: number, s = 1, rot = 0): string {
  const r = rot ? ` rotate(${n(rot)})` : '';
  return `<g transform="translate(${n(x)} ${n(y)})${r} scale(${Math.round(s * 1000) / 1000})">${markup}</g>`;
}

/** Rounded-rect path (for clip paths and cards). */
export function rrect(x: number, y: number, w: number, h: number, r: number): string {
  r = Math.min(r, w / 2, h / 2);
  return `M${n(x + r)} ${n(y)}H${n(x + w - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + w)} ${n(y + r)}V${n(y + h - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + w - r)} ${n(y + h)}H${n(x + r)}A${n(r)} ${n(r)} 0 0 1 ${n(x)} ${n(y + h - r)}V${n(y + r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}Z`;
}

export interface LinOpts {
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
  user?: boolean;
}

/** SVG document with de-duplicated defs. */
export class Doc {
  private defs: string[] = [];
  private cache = new Map<string, string>();
  private count = 0;

  id(prefix = 'i'): string {
    this.count += 1;
    return `${prefix}${this.count.toString(36)}`;
  }

  /** Adds a def once per key; `make` receives the id. Returns the id. */
  defOnce(key: string, make: (id: string) => string): string {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const id = this.id(key[0]);
    this.defs.push(make(id));
    this.cache.set(key, id);
    return id;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(([o, c, a]) => `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined || a === 1 ? '' : ` stop-opacity="${Math.round(a * 1000) / 1000}"`}/>`)
      .join('');
  }

  /** Linear gradient, defaults to top-to-bottom over the bounding box. */
  lin(stops: readonly Stop[], o: LinOpts = {}): string {
    const { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = o;
    const key = `l${JSON.stringify(stops)}${x1},${y1},${x2},${y2},${user}`;
    const id = this.defOnce(key, (id) =>
      `<linearGradient id="${id}" x1="${n(user ? x1 : x1 * 100)}${user ? '' : '%'}" y1="${n(user ? y1 : y1 * 100)}${user ? '' : '%'}" x2="${n(user ? x2 : x2 * 100)}${user ? '' : '%'}" y2="${n(user ? y2 : y2 * 100)}${user ? '' : '%'}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Horizontal gradient shortcut. */
  hlin(stops: readonly Stop[]): string {
    return this.lin(stops, { x1: 0, y1: 0, x2: 1, y2: 0 });
  }

  /** Radial gradient in bounding-box units (or user units when user=true). */
  rad(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx?: number, fy?: number, user = false): string {
    const key = `r${JSON.stringify(stops)}${cx},${cy},${r},${fx},${fy},${user}`;
    const u = (v: number) => (user ? n(v) : `${n(v * 100)}%`);
    const id = this.defOnce(key, (id) =>
      `<radialGradient id="${id}" cx="${u(cx)}" cy="${u(cy)}" r="${u(r)}"${fx !== undefined ? ` fx="${u(fx)}"` : ''}${fy !== undefined ? ` fy="${u(fy)}"` : ''}${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** Gaussian blur filter with a generous region. */
  blur(sd: number | string): string {
    const id = this.defOnce(`b${sd}`, (id) =>
      `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
    );
    return `url(#${id})`;
  }

  /** Arbitrary filter, de-duplicated by body. */
  filter(body: string, region = 'x="-30%" y="-30%" width="160%" height="160%"'): string {
    const id = this.defOnce(`f${body}${region}`, (id) => `<filter id="${id}" ${region} color-interpolation-filters="sRGB">${body}</filter>`);
    return `url(#${id})`;
  }

  clip(shapes: string): string {
    const id = this.defOnce(`c${shapes}`, (id) => `<clipPath id="${id}">${shapes}</clipPath>`);
    return `url(#${id})`;
  }

  mask(content: string): string {
    const id = this.defOnce(`m${content}`, (id) => `<mask id="${id}" maskUnits="userSpaceOnUse" x="-5000" y="-5000" width="10000" height="10000">${content}</mask>`);
    return `url(#${id})`;
  }

  /** Registers a reusable symbol-like group; returns its id. */
  symbol(markup: string): string {
    const id = this.id('s');
    this.defs.push(`<g id="${id}">${markup}</g>`);
    return id;
  }

  render(vw: number, vh: number, body: string, outW = vw, outH = vh): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${outW}" height="${outH}" viewBox="0 0 ${vw} ${vh}"><defs>${this.defs.join('')}</defs>${body}</svg>`;
  }
}

export const use = (id: string, a: Attrs = {}) => el('use', { href: `#${id}`, 'xlink:href': `#${id}`, ...a });

// ---------------------------------------------------------------------------
// Shading helpers shared by all drawers.

/** Cylinder shading, key light from the left. */
export function cyl(d: Doc, c: string, k = 1): string {
  return d.hlin([
    [0, darken(c, 0.38 * k)],
    [0.07, darken(c, 0.14 * k)],
    [0.26, lighten(c, 0.3 * k)],
    [0.38, lighten(c, 0.12 * k)],
    [0.7, darken(c, 0.05 * k)],
    [0.9, darken(c, 0.28 * k)],
    [0.96, darken(c, 0.18 * k)],
    [1, darken(c, 0.42 * k)],
  ]);
}

/** Brushed metal: several bands. */
export function metal(d: Doc, c: string): string {
  return d.hlin([
    [0, darken(c, 0.45)],
    [0.12, lighten(c, 0.35)],
    [0.28, darken(c, 0.1)],
    [0.45, lighten(c, 0.55)],
    [0.62, c],
    [0.8, darken(c, 0.3)],
    [0.92, lighten(c, 0.2)],
    [1, darken(c, 0.5)],
  ]);
}

/** Vertical gloss: light on top. */
export function vgloss(d: Doc, c: string, k = 1): string {
  return d.lin([
    [0, lighten(c, 0.28 * k)],
    [0.45, c],
    [1, darken(c, 0.25 * k)],
  ]);
}

/** Sphere shading with light top-left. */
export function sphere(d: Doc, c: string, k = 1): string {
  return d.rad(
    [
      [0, lighten(c, 0.55 * k)],
      [0.35, lighten(c, 0.12 * k)],
      [0.8, darken(c, 0.12 * k)],
      [1, darken(c, 0.35 * k)],
    ],
    0.38,
    0.32,
    0.75,
    0.32,
    0.25,
  );
}

/** Soft blurred ellipse, used for shadows and glows. */
export function soft(d: Doc, cx: number, cy: number, rx: number, ry: number, color: string, opacity: number, blur: number | string): string {
  return ellipse(cx, cy, rx, ry, color, { opacity, filter: d.blur(blur) });
}

/** Blurred highlight strip. */
export function streak(d: Doc, x: number, y: number, w: number, h: number, opacity: number, blur = 2, r = 0): string {
  return rect(x, y, w, h, '#ffffff', { rx: r || w / 2, opacity, filter: blur ? d.blur(blur) : undefined });
}

/** Abstract text line(s): rounded bars, never letters. */
export function bars(x: number, y: number, widths: readonly number[], h: number, gap: number, fill: string, a: Attrs = {}): string {
  return widths.map((w, i) => rect(x, y + i * (h + gap), w, h, fill, { rx: h / 2, ...a })).join('');
}

/** Centred variant of bars. */
export function cbars(cx: number, y: number, widths: readonly number[], h: number, gap: number, fill: string, a: Attrs = {}): string {
  return widths.map((w, i) => rect(cx - w / 2, y + i * (h + gap), w, h, fill, { rx: h / 2, ...a })).join('');
}

/** Five-point star path centred on (cx, cy). */
export function star(cx: number, cy: number, r: number, inner = 0.45, points = 5): string {
  let dd = '';
  for (let i = 0; i < points * 2; i++) {
    const rr = i % 2 ? r * inner : r;
    const a = (Math.PI * i) / points - Math.PI / 2;
    dd += `${i ? 'L' : 'M'}${n(cx + rr * Math.cos(a))} ${n(cy + rr * Math.sin(a))}`;
  }
  return dd + 'Z';
}

/** Four-point sparkle path. */
export function sparkle(cx: number, cy: number, r: number): string {
  const k = r * 0.18;
  return `M${n(cx)} ${n(cy - r)}Q${n(cx + k)} ${n(cy - k)} ${n(cx + r)} ${n(cy)}Q${n(cx + k)} ${n(cy + k)} ${n(cx)} ${n(cy + r)}Q${n(cx - k)} ${n(cy + k)} ${n(cx - r)} ${n(cy)}Q${n(cx - k)} ${n(cy - k)} ${n(cx)} ${n(cy - r)}Z`;
}
