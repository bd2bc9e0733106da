// Backdrops: the polished studio set ("after") and the amateur desk snapshot
// ("before"). Both receive the same placed object so a wipe slider lines up.

import { Doc, Rng, n, rect, circle, ellipse, path, g, cyl, sphere, soft, lighten, darken, mix, desaturate, place, vgloss, sparkle } from './lib.ts';
import type { Obj } from './objects.ts';

export interface Placed {
  obj: Obj;
  x: number;
  y: number;
  s: number;
  rot?: number;
}

export const placedMarkup = (p: Placed): string => place(p.obj.svg, p.x, p.y, p.s, p.rot ?? 0);

export type Prop =
  | { kind: 'sphere'; x: number; y: number; r: number; color: string; float?: number }
  | { kind: 'block'; x: number; y: number; w: number; h: number; color: string }
  | { kind: 'leaf'; x: number; y: number; s: number; rot: number; color: string; blur?: number }
  | { kind: 'ring'; x: number; y: number; r: number; color: string; width?: number }
  | { kind: 'sparkle'; x: number; y: number; r: number; color?: string }
  | { kind: 'petal'; x: number; y: number; s: number; rot: number; color: string }
  | { kind: 'drop'; x: number; y: number; r: number }
  | { kind: 'custom'; svg: string };

export interface Podium {
  color: string;
  rx: number;
  h: number;
  second?: { color: string; rx: number; h: number; dx: number };
}

export interface StudioOpts {
  wall: [string, string];
  floor?: string;
  horizon?: number | null;
  glow?: string;
  glowOpacity?: number;
  glowAt?: [number, number];
  podium?: Podium;
  arch?: { color: string; w: number; h: number; x?: number; round?: boolean };
  back?: Prop[];
  front?: Prop[];
  reflect?: number;
  vignette?: number;
  shadow?: number;
  spot?: boolean;
  gobo?: boolean;
  bokeh?: string[];
  noWall?: boolean;
  /** Object hovers this many px above its shadow. */
  float?: number;
}

const leafPath = 'M0 0C-30 -40 -30 -110 0 -160C30 -110 30 -40 0 0Z';

function leafBranch(d: Doc, color: string): string {
  let s = path('M0 0Q10 -120 0 -260', 'none', { stroke: darken(color, 0.2), 'stroke-width': 5, 'stroke-linecap': 'round' });
  for (let i = 0; i < 6; i++) {
    const y = -40 - i * 38;
    const side = i % 2 ? 1 : -1;
    s += g({ transform: `translate(${i * 1.5} ${y}) rotate(${side * 52}) scale(${n(0.55 - i * 0.04)})` }, path(leafPath, d.hlin([[0, darken(color, 0.15)], [0.5, lighten(color, 0.18)], [1, darken(color, 0.1)]])));
  }
  s += g({ transform: 'translate(0 -255) scale(0.45)' }, path(leafPath, lighten(color, 0.08)));
  return s;
}

export function prop(d: Doc, p: Prop, floorY: number): string {
  switch (p.kind) {
    case 'sphere': {
      const cy = p.y - p.r - (p.float ?? 0);
      const sh = soft(d, p.x + p.r * 0.15, p.y, p.r * (p.float ? 0.7 : 0.95), p.r * 0.16, '#000', p.float ? 0.15 : 0.3, p.r * 0.12 + 2);
      return (p.y <= floorY + 400 ? sh : '') + circle(p.x, cy, p.r, sphere(d, p.color));
    }
    case 'block': {
      const t = p.w * 0.16;
      return (
        soft(d, p.x, p.y, p.w * 0.62, t * 0.7, '#000', 0.25, 6) +
        rect(p.x - p.w / 2, p.y - p.h, p.w, p.h, d.hlin([[0, lighten(p.color, 0.08)], [0.6, p.color], [1, darken(p.color, 0.22)]])) +
        path(`M${n(p.x - p.w / 2)} ${n(p.y - p.h)}L${n(p.x - p.w / 2 + t)} ${n(p.y - p.h - t)}H${n(p.x + p.w / 2 + t)}L${n(p.x + p.w / 2)} ${n(p.y - p.h)}Z`, lighten(p.color, 0.3)) +
        path(`M${n(p.x + p.w / 2)} ${n(p.y - p.h)}L${n(p.x + p.w / 2 + t)} ${n(p.y - p.h - t)}V${n(p.y - t)}L${n(p.x + p.w / 2)} ${n(p.y)}Z`, darken(p.color, 0.25))
      );
    }
    case 'leaf':
      return g({ transform: `translate(${n(p.x)} ${n(p.y)}) rotate(${n(p.rot)}) scale(${n(p.s)})`, filter: p.blur ? d.blur(p.blur) : undefined }, leafBranch(d, p.color));
    case 'ring':
      return circle(p.x, p.y, p.r, 'none', { stroke: d.lin([[0, lighten(p.color, 0.4)], [1, darken(p.color, 0.2)]], { x1: 0, y1: 0, x2: 1, y2: 1 }), 'stroke-width': p.width ?? p.r * 0.12 });
    case 'sparkle':
      return path(sparkle(p.x, p.y, p.r), p.color ?? '#ffffff', { opacity: 0.9 });
    case 'petal':
      return g({ transform: `translate(${n(p.x)} ${n(p.y)}) rotate(${n(p.rot)}) scale(${n(p.s)})` }, path('M0 0C-14 -10 -14 -34 0 -44C14 -34 14 -10 0 0Z', d.lin([[0, lighten(p.color, 0.35)], [1, p.color]])));
    case 'drop':
      return circle(p.x, p.y, p.r, d.rad([[0, '#ffffff', 0.9], [0.45, '#ffffff', 0.25], [0.9, '#ffffff', 0.08], [1, '#ffffff', 0.5]], 0.35, 0.3, 0.7));
    case 'custom':
      return p.svg;
  }
}

export function vignette(d: Doc, w: number, h: number, k: number, color = '#000000'): string {
  if (!k) return '';
  return rect(0, 0, w, h, d.rad([[0, color, 0], [0.6, color, 0], [1, color, k]], 0.5, 0.5, 0.75));
}

export function podiumSvg(d: Doc, x: number, y: number, p: { color: string; rx: number; h: number }): string {
  const ry = p.rx * 0.2;
  return (
    soft(d, x, y + p.h + 4, p.rx * 1.15, ry * 0.9, '#000', 0.32, Math.max(4, p.rx * 0.07)) +
    path(`M${n(x - p.rx)} ${n(y)}V${n(y + p.h)}A${n(p.rx)} ${n(ry)} 0 0 0 ${n(x + p.rx)} ${n(y + p.h)}V${n(y)}Z`, cyl(d, p.color, 0.7)) +
    ellipse(x, y, p.rx, ry, d.lin([[0, lighten(p.color, 0.22)], [1, lighten(p.color, 0.42)]]))
  );
}

/** Polished studio set. */
export function studio(d: Doc, w: number, h: number, obj: Placed, o: StudioOpts): string {
  const hz = o.horizon === undefined ? h * 0.7 : o.horizon;
  const floor = o.floor ?? darken(o.wall[1], 0.06);
  let s = '';
  if (!o.noWall) s += rect(0, 0, w, h, d.lin([[0, o.wall[0]], [1, o.wall[1]]]));
  if (hz !== null && !o.noWall) {
    s += rect(0, hz, w, h - hz, d.lin([[0, mix(floor, o.wall[1], 0.5)], [0.25, floor], [1, darken(floor, 0.12)]]));
    s += rect(0, hz - 14, w, 28, o.wall[1], { opacity: 0.55, filter: d.blur(10) });
  }
  const [gx, gy] = o.glowAt ?? [obj.x, obj.y - obj.obj.h * obj.s * 0.55];
  s += ellipse(gx, gy, w * 0.42, h * 0.5, d.rad([[0, o.glow ?? '#ffffff', o.glowOpacity ?? 0.7], [1, o.glow ?? '#ffffff', 0]]));
  if (o.gobo) {
    const gb = g({ opacity: 0.22, filter: d.blur(Math.round(w / 80)) }, [0, 1, 2].map((i) => path(`M${n(w * (0.05 + i * 0.14))} 0H${n(w * (0.15 + i * 0.14))}L${n(w * (0.38 + i * 0.14))} ${n(hz ?? h)}H${n(w * (0.28 + i * 0.14))}Z`, '#ffffff')).join(''));
    s += gb;
    s += g({ opacity: 0.14, filter: d.blur(Math.round(w / 110)) }, prop(d, { kind: 'leaf', x: w * 0.9, y: h * 0.1, s: h / 380, rot: -140, color: '#000000' }, h));
  }
  if (o.spot) {
    s += path(`M${n(obj.x - w * 0.04)} 0H${n(obj.x + w * 0.04)}L${n(obj.x + w * 0.3)} ${n(h)}H${n(obj.x - w * 0.3)}Z`, d.lin([[0, '#ffffff', 0.35], [1, '#ffffff', 0]]), { filter: d.blur(Math.round(w / 50)) });
  }
  for (const c of o.bokeh ?? []) s += c;
  if (o.arch) {
    const a = o.arch;
    const ax = a.x ?? obj.x;
    const base = hz ?? h;
    const top = base - a.h;
    const pth = a.round === false
      ? `M${n(ax - a.w / 2)} ${n(base)}V${n(top)}H${n(ax + a.w / 2)}V${n(base)}Z`
      : `M${n(ax - a.w / 2)} ${n(base)}V${n(top + a.w / 2)}A${n(a.w / 2)} ${n(a.w / 2)} 0 0 1 ${n(ax + a.w / 2)} ${n(top + a.w / 2)}V${n(base)}Z`;
    s += path(pth, '#000', { opacity: 0.12, filter: d.blur(Math.round(w / 90)), transform: `translate(${n(w * 0.012)} 0)` });
    s += path(pth, d.hlin([[0, lighten(a.color, 0.12)], [0.7, a.color], [1, darken(a.color, 0.1)]]));
  }
  const floorY = hz ?? h;
  for (const p of o.back ?? []) s += prop(d, p, floorY);
  const ow = obj.obj.w * obj.s;
  if (o.podium) {
    const p = o.podium;
    const fl = o.float ?? 0;
    if (p.second) s += podiumSvg(d, obj.x + p.second.dx, obj.y + fl + p.h - p.second.h, p.second);
    s += podiumSvg(d, obj.x, obj.y + fl, p);
  }
  if (o.reflect) {
    const fade = d.lin([[0, '#ffffff', 1], [1, '#ffffff', 0]], { x1: 0, y1: obj.y, x2: 0, y2: obj.y + obj.obj.h * obj.s * 0.6, user: true });
    const m = d.mask(rect(0, obj.y, w, h - obj.y, fade));
    s += g({ mask: m, opacity: o.reflect }, `<g transform="translate(${n(obj.x)} ${n(obj.y)}) scale(${obj.s} ${-obj.s})">${obj.obj.svg}</g>`);
  }
  const k = o.shadow ?? 1;
  if (o.float) {
    s += soft(d, obj.x, obj.y + o.float, ow * 0.42, Math.max(4, ow * 0.06), '#000', 0.28 * k, Math.max(6, ow * 0.05));
  } else {
    s += soft(d, obj.x + ow * 0.05, obj.y + 2, ow * 0.55, Math.max(4, ow * 0.07), '#000', 0.22 * k, Math.max(4, ow * 0.06));
    s += soft(d, obj.x + ow * 0.02, obj.y, ow * 0.42, Math.max(2, ow * 0.025), '#000', 0.5 * k, Math.max(1.5, ow * 0.012));
  }
  s += placedMarkup(obj);
  for (const p of o.front ?? []) s += prop(d, p, floorY);
  s += vignette(d, w, h, o.vignette ?? 0.18);
  return s;
}

export interface AmateurOpts {
  seed: string;
  wall?: string;
  desk?: string;
  deskY?: number;
  tilt?: number;
  clutter?: number;
  flash?: boolean;
  edge?: boolean;
}

function clutterItem(d: Doc, r: Rng, kind: number, x: number, y: number, u: number): string {
  const col = desaturate(r.pick(['#b5523b', '#3f6fa8', '#4f8a4a', '#c9a23a', '#7a5a9a', '#5f6b73']), 0.35);
  switch (kind) {
    case 0: // mug
      return (
        soft(d, x + 6 * u, y, 34 * u, 6 * u, '#000', 0.35, 3 * u) +
        path(`M${n(x + 26 * u)} ${n(y - 52 * u)}c${n(24 * u)} 0 ${n(24 * u)} ${n(30 * u)} 0 ${n(30 * u)}`, 'none', { stroke: col, 'stroke-width': 7 * u }) +
        path(`M${n(x - 28 * u)} ${n(y - 66 * u)}V${n(y - 4 * u)}A${n(28 * u)} ${n(6 * u)} 0 0 0 ${n(x + 28 * u)} ${n(y - 4 * u)}V${n(y - 66 * u)}Z`, cyl(d, col, 0.5)) +
        ellipse(x, y - 66 * u, 28 * u, 6 * u, darken(col, 0.35))
      );
    case 1: // papers
      return g({ transform: `rotate(${n(r.range(-18, 18))} ${n(x)} ${n(y)})` },
        rect(x - 60 * u, y - 18 * u, 120 * u, 40 * u, '#e9e6dc', { opacity: 0.95 }) +
        rect(x - 50 * u, y - 28 * u, 120 * u, 40 * u, '#f1eee6') +
        path(`M${n(x - 40 * u)} ${n(y - 18 * u)}h${n(80 * u)}M${n(x - 40 * u)} ${n(y - 10 * u)}h${n(90 * u)}M${n(x - 40 * u)} ${n(y - 2 * u)}h${n(60 * u)}`, 'none', { stroke: '#b9b4a6', 'stroke-width': 1.5 * u }));
    case 2: // pen
      return g({ transform: `rotate(${n(r.range(-30, 30))} ${n(x)} ${n(y)})` }, rect(x - 50 * u, y - 4 * u, 100 * u, 8 * u, col, { rx: 4 * u }) + rect(x + 40 * u, y - 4 * u, 14 * u, 8 * u, '#d9d4c8', { rx: 3 * u }));
    case 3: // cable
      return path(`M${n(x - 90 * u)} ${n(y + 20 * u)}C${n(x - 30 * u)} ${n(y - 30 * u)} ${n(x + 10 * u)} ${n(y + 40 * u)} ${n(x + 90 * u)} ${n(y - 6 * u)}`, 'none', { stroke: '#2f2f2f', 'stroke-width': 4 * u, opacity: 0.85 });
    case 4: // sticky note
      return rect(x - 22 * u, y - 22 * u, 44 * u, 44 * u, '#e6d36a', { transform: `rotate(${n(r.range(-20, 20))} ${n(x)} ${n(y)})` });
    default: // crumpled tissue / blob
      return path(`M${n(x - 30 * u)} ${n(y)}q${n(-6 * u)} ${n(-26 * u)} ${n(20 * u)} ${n(-30 * u)}q${n(30 * u)} ${n(-6 * u)} ${n(36 * u)} ${n(14 * u)}q${n(8 * u)} ${n(18 * u)} ${n(-22 * u)} ${n(18 * u)}Z`, '#e4e2dc', { stroke: '#c5c1b6', 'stroke-width': 1.5 * u });
  }
}

/** Desaturating, slightly yellow, slightly soft "phone snapshot" filter. */
export function snapshotFilter(d: Doc, w: number, h: number, sat = 0.55): string {
  return d.filter(
    `<feColorMatrix type="saturate" values="${sat}"/><feComponentTransfer><feFuncR type="linear" slope="0.92" intercept="0.06"/><feFuncG type="linear" slope="0.9" intercept="0.05"/><feFuncB type="linear" slope="0.78" intercept="0.03"/></feComponentTransfer><feGaussianBlur stdDeviation="${n(w / 1400)}"/>`,
    `filterUnits="userSpaceOnUse" x="0" y="0" width="${w}" height="${h}"`,
  );
}

/** Amateur snapshot of the same object on a cluttered desk. */
export function amateur(d: Doc, w: number, h: number, obj: Placed, o: AmateurOpts): string {
  const r = new Rng(o.seed);
  const u = h / 600;
  const wall = o.wall ?? r.pick(['#c9c2ae', '#c4c4b8', '#cdbfae', '#bfc2b6', '#d0c8b8']);
  const desk = o.desk ?? r.pick(['#a99a82', '#b9b1a2', '#9a8f80', '#c2b49a', '#8f8576']);
  const ow = obj.obj.w * obj.s;
  const oh = obj.obj.h * obj.s;
  const deskY = o.deskY ?? obj.y - Math.min(oh * 0.35, h * 0.16);
  const tilt = o.tilt ?? -1.6;
  let bg = '';
  bg += rect(-w * 0.1, -h * 0.1, w * 1.2, h * 1.2, d.lin([[0, lighten(wall, 0.08)], [1, darken(wall, 0.12)]], { x1: 0, y1: 0, x2: 1, y2: 1 }));
  // Wall junk: socket, poster corner, stain.
  const sx = r.pick([0.12, 0.82]) * w;
  bg += rect(sx - 22 * u, deskY - 90 * u, 44 * u, 56 * u, '#e2ddd0', { rx: 4 * u, stroke: '#b0a998', 'stroke-width': 1.5 * u }) +
    rect(sx - 8 * u, deskY - 72 * u, 4 * u, 12 * u, '#6e675a') + rect(sx + 4 * u, deskY - 72 * u, 4 * u, 12 * u, '#6e675a');
  const px = (sx < w / 2 ? 0.78 : 0.04) * w;
  bg += g({ transform: `rotate(${n(r.range(-4, 4))} ${n(px)} ${n(h * 0.05)})` },
    rect(px, -h * 0.05, w * 0.18, h * 0.3, desaturate(r.pick(['#6f8fb0', '#b07a6f', '#7fa07a']), 0.4)) + circle(px + w * 0.09, h * 0.12, h * 0.06, '#ddd6c2', { opacity: 0.6 }));
  bg += ellipse(r.range(0.3, 0.7) * w, r.range(0.1, 0.3) * h, 60 * u, 30 * u, darken(wall, 0.2), { opacity: 0.25, filter: d.blur(n(18 * u)) });
  // Desk.
  bg += path(`M${-w * 0.1} ${n(deskY + 6 * u)}L${n(w * 1.1)} ${n(deskY - 6 * u)}V${n(h * 1.1)}H${-w * 0.1}Z`, d.lin([[0, lighten(desk, 0.05)], [1, darken(desk, 0.1)]]));
  for (let i = 0; i < 7; i++) {
    const yy = deskY + (h - deskY) * r.range(0.1, 0.95);
    bg += path(`M${-w * 0.1} ${n(yy)}Q${n(w * 0.5)} ${n(yy + r.range(-8, 8) * u)} ${n(w * 1.1)} ${n(yy - 6 * u)}`, 'none', { stroke: darken(desk, 0.12), 'stroke-width': r.range(1, 3) * u, opacity: 0.4 });
  }
  if (o.edge !== false) {
    bg += path(`M${-w * 0.1} ${n(h * 0.93)}L${n(w * 1.1)} ${n(h * 0.91)}V${n(h * 1.1)}H${-w * 0.1}Z`, darken(desk, 0.35));
    bg += path(`M${-w * 0.1} ${n(h * 0.93)}L${n(w * 1.1)} ${n(h * 0.91)}`, 'none', { stroke: lighten(desk, 0.2), 'stroke-width': 2 * u });
  }
  // Clutter away from the object.
  const count = o.clutter ?? 4;
  const free = (x: number) => Math.abs(x - obj.x) > ow * 0.6 + 70 * u;
  let placed = 0;
  for (let tries = 0; tries < 40 && placed < count; tries++) {
    const x = r.range(0.04, 0.96) * w;
    if (!free(x)) continue;
    const y = r.range(deskY + 30 * u, h * 0.9);
    bg += clutterItem(d, r, r.int(0, 5), x, y, u * r.range(0.9, 1.3));
    placed++;
  }
  // Harsh flash: bright spot and a hard shadow behind the object.
  const silhouette = d.filter('<feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.42 0"/><feGaussianBlur stdDeviation="1.5"/>');
  const flat = d.filter('<feComponentTransfer><feFuncR type="linear" slope="0.8" intercept="0.07"/><feFuncG type="linear" slope="0.8" intercept="0.07"/><feFuncB type="linear" slope="0.8" intercept="0.06"/></feComponentTransfer>');
  const whiten = d.filter('<feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 1 0"/>');
  const objM = placedMarkup({ ...obj, rot: (obj.rot ?? 0) + tilt });
  const shadowM = placedMarkup({ ...obj, x: obj.x + 18 * u, y: obj.y - 3 * u, rot: (obj.rot ?? 0) + tilt + 1 });
  const flash = o.flash !== false;
  let s = bg;
  if (flash) s += ellipse(obj.x, obj.y - oh * 0.55, ow * 1.2 + 120 * u, oh * 0.9 + 80 * u, d.rad([[0, '#fffbe8', 0.55], [1, '#fffbe8', 0]]));
  s += g({ filter: silhouette }, shadowM);
  s += g({ filter: flat }, objM);
  if (flash) {
    const m = d.mask(g({ filter: whiten }, objM));
    s += g({ mask: m }, ellipse(obj.x - ow * 0.12, obj.y - oh * 0.58, Math.max(16 * u, ow * 0.16), Math.max(12 * u, oh * 0.1), '#ffffff', { opacity: 0.75, filter: d.blur(n(10 * u)) }));
  }
  s += rect(0, 0, w, h, d.rad([[0, '#000', 0], [0.7, '#000', 0.05], [1, '#000', 0.3]], 0.45, 0.42, 0.8));
  return g({ filter: snapshotFilter(d, w, h) }, s);
}

/** Stage-lit dark studio for dramatic shots. */
export function darkStudio(d: Doc, w: number, h: number, obj: Placed, c: { wall: string; light: string; rim: string }): string {
  const hz = h * 0.72;
  let s = rect(0, 0, w, h, d.lin([[0, darken(c.wall, 0.55)], [1, darken(c.wall, 0.25)]]));
  s += ellipse(obj.x, obj.y - obj.obj.h * obj.s * 0.5, w * 0.34, h * 0.5, d.rad([[0, c.light, 0.55], [1, c.light, 0]]));
  s += rect(0, hz, w, h - hz, d.lin([[0, darken(c.wall, 0.5)], [1, darken(c.wall, 0.85)]]));
  s += rect(0, hz - 2, w, 4, lighten(c.wall, 0.2), { opacity: 0.2, filter: d.blur(3) });
  s += path(`M${n(obj.x - w * 0.03)} 0H${n(obj.x + w * 0.03)}L${n(obj.x + w * 0.24)} ${n(h)}H${n(obj.x - w * 0.24)}Z`, d.lin([[0, '#ffffff', 0.28], [1, '#ffffff', 0]]), { filter: d.blur(Math.round(w / 45)) });
  s += ellipse(obj.x, hz + (h - hz) * 0.3, w * 0.3, h * 0.06, c.light, { opacity: 0.25, filter: d.blur(Math.round(w / 40)) });
  const fade = d.lin([[0, '#ffffff', 1], [1, '#ffffff', 0]], { x1: 0, y1: obj.y, x2: 0, y2: obj.y + obj.obj.h * obj.s * 0.7, user: true });
  s += g({ mask: d.mask(rect(0, obj.y, w, h - obj.y, fade)), opacity: 0.32 }, `<g transform="translate(${n(obj.x)} ${n(obj.y)}) scale(${obj.s} ${-obj.s})">${obj.obj.svg}</g>`);
  const ow = obj.obj.w * obj.s;
  s += soft(d, obj.x, obj.y, ow * 0.5, ow * 0.04, '#000', 0.6, 3);
  // Rim light behind the object.
  const oh = obj.obj.h * obj.s;
  s += ellipse(obj.x, obj.y - oh * 0.5, ow * 0.62, oh * 0.56, d.rad([[0, c.rim, 0.5], [0.6, c.rim, 0.22], [1, c.rim, 0]]));
  s += placedMarkup(obj);
  s += vignette(d, w, h, 0.55);
  return s;
}

export { vgloss };
