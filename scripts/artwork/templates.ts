// Marketing design templates (posts, menus, banners, product pages).
// Copy is abstract: rounded bars stand in for text, never letters.

import { Doc, Rng, n, rect, circle, path, g, bars, cbars, star, sparkle, lighten, darken, mix, rrect, soft } from './lib.ts';
import { shot, shotScene, type ShotSpec } from './shots.ts';
import { prop } from './scenes.ts';

export interface Pal {
  bg: string;
  bg2: string;
  accent: string;
  ink: string;
  muted: string;
  card: string;
}

export type Layout = 'poster' | 'split' | 'menu' | 'detail' | 'arch' | 'grid' | 'sale' | 'story' | 'magazine';

export interface TemplateSpec {
  layout: Layout;
  pal: Pal;
  shot: ShotSpec;
  variants?: ReadonlyArray<readonly string[]>;
}

const pill = (x: number, y: number, w: number, h: number, fill: string, ink: string, a: { stroke?: string } = {}) =>
  rect(x, y, w, h, fill, { rx: h / 2, stroke: a.stroke, 'stroke-width': a.stroke ? 2 : undefined }) + rect(x + w / 2 - w * 0.28, y + h / 2 - 3.5, w * 0.56, 7, ink, { rx: 3.5, opacity: 0.95 });

function badge(d: Doc, cx: number, cy: number, r: number, fill: string, ink: string, burst = false): string {
  const shape = burst ? path(star(cx, cy, r, 0.86, 16), fill) : circle(cx, cy, r, fill);
  return soft(d, cx + r * 0.08, cy + r * 0.12, r, r, '#000', 0.18, r * 0.12) + shape + cbars(cx, cy - r * 0.32, [r * 0.9], r * 0.26, 0, ink) + cbars(cx, cy + r * 0.12, [r * 0.6, r * 0.8], r * 0.1, r * 0.08, ink, { opacity: 0.85 });
}

function brand(cx: number, y: number, ink: string, align: 'c' | 'l' = 'c'): string {
  const x0 = align === 'c' ? cx - 46 : cx;
  return circle(x0 + 9, y + 9, 9, 'none', { stroke: ink, 'stroke-width': 2.5 }) + circle(x0 + 9, y + 9, 3, ink) + rect(x0 + 26, y + 5, 66, 8, ink, { rx: 4 });
}

function starsRow(x: number, y: number, size: number, fill: string, count = 5, filled = 4.5): string {
  let s = '';
  for (let i = 0; i < count; i++) s += path(star(x + size / 2 + i * (size + 4), y + size / 2, size / 2, 0.46), i < Math.floor(filled) ? fill : mix(fill, '#ffffff', 0.6));
  return s;
}

function confetti(r: Rng, w: number, h: number, colors: readonly string[], count: number, avoid?: { x: number; y: number; w: number; h: number }): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = r.range(0, w);
    const y = r.range(0, h);
    if (avoid && x > avoid.x && x < avoid.x + avoid.w && y > avoid.y && y < avoid.y + avoid.h) continue;
    const c = r.pick(colors);
    const k = r.int(0, 2);
    s += k === 0 ? rect(x, y, 12, 5, c, { rx: 2, transform: `rotate(${n(r.range(0, 180))} ${n(x)} ${n(y)})` }) : k === 1 ? circle(x, y, r.range(3, 6), c) : path(sparkle(x, y, r.range(6, 11)), c);
  }
  return s;
}

// ---------------------------------------------------------------------------
// Layouts

function poster(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  const land = w > h;
  let s = shotScene(d, w, h, { ...t.shot, fx: land ? 0.68 : 0.5, fy: land ? 0.8 : t.shot.podium ? 0.72 : 0.82, fh: land ? 0.6 : 0.42, fw: land ? 0.5 : 0.66 });
  if (land) {
    s += brand(40, 40, p.ink, 'l');
    s += bars(40, 110, [220, 170], 26, 14, p.ink);
    s += bars(40, 204, [200, 180, 120], 7, 9, p.muted);
    s += pill(40, 280, 150, 42, p.accent, p.card);
    s += badge(d, w - 70, 70, 44, p.accent, p.card);
  } else {
    s += brand(w / 2, 36, p.ink);
    s += cbars(w / 2, h * 0.12, [w * 0.62, w * 0.44], h * 0.036, h * 0.018, p.ink);
    s += cbars(w / 2, h * 0.12 + h * 0.11, [w * 0.5, w * 0.38], 7, 9, p.muted);
    s += badge(d, w - 78, h * 0.38, 48, p.accent, p.card);
    s += pill(w / 2 - 90, h - 74, 180, 44, p.accent, p.card);
  }
  return s;
}

function split(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  let s = '';
  if (w >= h) {
    const pw = w * 0.46;
    s += rect(0, 0, w, h, p.bg);
    s += shot(d, pw, 0, w - pw, h, { ...t.shot, fh: t.shot.fh ?? 0.56, fw: t.shot.fw ?? 0.7 });
    s += rect(0, 0, pw, h, d.lin([[0, p.bg], [1, p.bg2]]));
    s += brand(36, 36, p.ink, 'l');
    s += rect(36, h * 0.3, 50, 6, p.accent, { rx: 3 });
    s += bars(36, h * 0.3 + 22, [pw - 70, pw - 110, pw - 150], 22, 12, p.ink);
    s += bars(36, h * 0.3 + 132, [pw - 80, pw - 100, pw - 130], 6, 8, p.muted);
    s += pill(36, h - 86, 140, 40, p.accent, p.card);
  } else {
    const ph = h * 0.6;
    s += shot(d, 0, 0, w, ph, { ...t.shot, fh: 0.6 });
    s += rect(0, ph, w, h - ph, d.lin([[0, p.bg], [1, p.bg2]]));
    s += path(`M0 ${n(ph)}Q${n(w / 2)} ${n(ph - 40)} ${w} ${n(ph)}V${n(ph + 2)}H0Z`, p.bg);
    s += cbars(w / 2, ph + 36, [60], 6, 0, p.accent);
    s += cbars(w / 2, ph + 64, [w * 0.7, w * 0.52], 28, 14, p.ink);
    s += cbars(w / 2, ph + 156, [w * 0.6, w * 0.66, w * 0.4], 7, 9, p.muted);
    s += pill(w / 2 - 90, h - 76, 180, 44, p.accent, p.card);
    s += brand(w / 2, 24, '#ffffff');
  }
  return s;
}

function menu(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  const r = new Rng('menu' + t.shot.subject);
  let s = rect(0, 0, w, h, d.rad([[0, lighten(p.bg, 0.08)], [1, darken(p.bg, 0.25)]], 0.5, 0.3, 0.9));
  s += rect(16, 16, w - 32, h - 32, 'none', { stroke: p.accent, 'stroke-width': 2, rx: 6, opacity: 0.7 });
  s += rect(24, 24, w - 48, h - 48, 'none', { stroke: p.accent, 'stroke-width': 1, rx: 4, opacity: 0.4 });
  s += brand(w / 2, 50, p.accent);
  s += cbars(w / 2, 92, [w * 0.52], 26, 0, p.ink);
  s += cbars(w / 2, 132, [w * 0.3], 6, 0, p.muted);
  const cr = Math.min(w * 0.3, (h - 530) / 2);
  const cy = 170 + cr;
  s += circle(w / 2, cy, cr + 10, 'none', { stroke: p.accent, 'stroke-width': 3, 'stroke-dasharray': '2 8', 'stroke-linecap': 'round' });
  s += g({ transform: `translate(${n(w / 2 - cr)} ${n(cy - cr)})` }, g({ 'clip-path': d.clip(circle(cr, cr, cr, '#000')) }, shotScene(d, cr * 2, cr * 2, { ...t.shot, fh: 0.55, fw: 0.78, fy: 0.78 })));
  s += prop(d, { kind: 'leaf', x: 40, y: h - 28, s: 0.3, rot: 50, color: '#6aa35a' }, h) + prop(d, { kind: 'leaf', x: w - 40, y: h - 28, s: 0.28, rot: -50, color: '#6aa35a' }, h);
  const top = cy + cr + 40;
  const rows = Math.floor((h - top - 70) / 62);
  for (let i = 0; i < rows; i++) {
    const y = top + i * 62;
    const nw = r.range(0.3, 0.45) * w;
    s += rect(56, y, nw, 12, p.ink, { rx: 6 });
    s += path(`M${n(66 + nw)} ${y + 10}H${n(w - 130)}`, 'none', { stroke: p.muted, 'stroke-width': 2, 'stroke-dasharray': '2 6', 'stroke-linecap': 'round' });
    s += rect(w - 116, y - 2, 60, 16, p.accent, { rx: 8 });
    s += rect(56, y + 24, r.range(0.35, 0.55) * w, 6, p.muted, { rx: 3, opacity: 0.8 });
  }
  return s;
}

function detail(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  let s = rect(0, 0, w, h, p.card);
  s += path('M36 34l-12 12l12 12', 'none', { stroke: p.ink, 'stroke-width': 3.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  s += cbars(w / 2, 40, [120], 10, 0, p.ink);
  s += circle(w - 40, 46, 16, mix(p.accent, '#ffffff', 0.85)) + path(`M${w - 40} 54l-8 -8a5 5 0 0 1 8 -6a5 5 0 0 1 8 6z`, p.accent);
  const ih = h * (h > 850 ? 0.46 : h > 700 ? 0.5 : 0.56);
  s += shot(d, 24, 80, w - 48, ih, { ...t.shot, fh: 0.56 }, 24);
  const dy = 80 + ih + 18;
  for (let i = 0; i < 4; i++) s += rect(w / 2 - 34 + i * 18, dy, i === 0 ? 22 : 8, 8, i === 0 ? p.accent : mix(p.muted, '#ffffff', 0.5), { rx: 4 });
  let y = dy + 30;
  s += bars(28, y, [w * 0.62, w * 0.4], 18, 10, p.ink);
  y += 58;
  s += starsRow(28, y, 18, '#f5b301') + rect(150, y + 5, 60, 8, p.muted, { rx: 4 });
  s += rect(w - 28 - 120, y - 6, 120, 28, p.accent, { rx: 14 });
  y += 42;
  const swatches = t.variants?.map((v) => v[0] ?? p.accent) ?? [p.accent, p.ink, p.muted, p.bg2];
  swatches.slice(0, 4).forEach((c, i) => {
    s += circle(44 + i * 46, y + 16, 14, c) + (i === 0 ? circle(44, y + 16, 19, 'none', { stroke: p.ink, 'stroke-width': 2 }) : '');
  });
  for (let i = 0; i < 4; i++) s += rect(w - 28 - (4 - i) * 54, y + 2, 46, 30, i === 1 ? p.ink : 'none', { rx: 8, stroke: i === 1 ? undefined : mix(p.muted, '#ffffff', 0.3), 'stroke-width': 1.5 }) + rect(w - 28 - (4 - i) * 54 + 14, y + 14, 18, 6, i === 1 ? p.card : p.muted, { rx: 3 });
  y += 54;
  if (h - y > 170) {
    for (let i = 0; i < 3; i++) {
      const cx = w * (0.2 + i * 0.3);
      s += circle(cx, y + 30, 26, mix(p.accent, '#ffffff', 0.85)) + path(sparkle(cx, y + 30, 12), p.accent) + cbars(cx, y + 66, [70, 50], 6, 6, p.muted);
    }
    y += 104;
  }
  s += bars(28, y, [w - 56, w - 80, w * 0.5], 6, 9, p.muted, { opacity: 0.7 });
  s += rect(28, h - 76, 56, 52, 'none', { rx: 14, stroke: p.ink, 'stroke-width': 2 }) + path(`M56 ${h - 42}l-10 -10a6 6 0 0 1 10 -8a6 6 0 0 1 10 8z`, p.ink);
  s += pill(96, h - 76, w - 124, 52, p.accent, p.card);
  return s;
}

function arch(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  const r = new Rng('arch' + t.shot.subject);
  let s = rect(0, 0, w, h, d.lin([[0, p.bg], [1, p.bg2]]));
  s += circle(w * 0.12, h * 0.1, w * 0.2, p.accent, { opacity: 0.12 }) + circle(w * 0.92, h * 0.55, w * 0.16, p.accent, { opacity: 0.1 });
  const aw = w * 0.66;
  const ah = h * (h > w ? 0.6 : 0.62);
  const ax = (w - aw) / 2;
  const ay = h * 0.08;
  const archD = (x: number, y: number, ww: number, hh: number) => `M${n(x)} ${n(y + hh)}V${n(y + ww / 2)}A${n(ww / 2)} ${n(ww / 2)} 0 0 1 ${n(x + ww)} ${n(y + ww / 2)}V${n(y + hh)}Z`;
  s += path(archD(ax - 14, ay - 14, aw + 28, ah + 14), 'none', { stroke: p.accent, 'stroke-width': 2 });
  s += soft(d, w / 2, ay + ah + 6, aw * 0.5, 10, '#000', 0.2, 8);
  s += g({ transform: `translate(${n(ax)} ${n(ay)})` }, g({ 'clip-path': d.clip(`<path d="${archD(0, 0, aw, ah)}"/>`) }, shotScene(d, aw, ah, { ...t.shot, fh: t.shot.fh ?? 0.6, fw: 0.74, fy: 0.86 })));
  for (let i = 0; i < 5; i++) s += path(sparkle(r.pick([r.range(20, ax - 10), r.range(ax + aw + 10, w - 20)]), r.range(40, ah), r.range(7, 14)), p.accent, { opacity: 0.8 });
  const ty = ay + ah + 36;
  s += cbars(w / 2, ty, [w * 0.6, w * 0.42], h * 0.034, h * 0.016, p.ink);
  s += cbars(w / 2, ty + h * 0.1, [w * 0.5, w * 0.36], 6, 9, p.muted);
  if (h - (ty + h * 0.1 + 40) > 70) s += pill(w / 2 - 80, h - 70, 160, 40, p.accent, p.card);
  s += rect(w - 118, ay + 8, 86, 30, p.card, { rx: 15 }) + rect(w - 100, ay + 20, 50, 6, p.accent, { rx: 3 });
  return s;
}

function grid(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  const vs = t.variants ?? [t.shot.sp];
  let s = rect(0, 0, w, h, d.lin([[0, p.bg], [1, p.bg2]]));
  const land = w > h;
  const head = land ? 96 : h > 700 ? 150 : 120;
  s += brand(36, 30, p.ink, 'l');
  s += bars(36, 62, land ? [260] : [w * 0.56], land ? 20 : 26, 0, p.ink);
  if (!land) s += bars(36, 62 + 40, [w * 0.38], 7, 0, p.muted);
  s += rect(w - 150, 34, 114, 36, p.accent, { rx: 18 }) + rect(w - 124, 49, 62, 6, p.card, { rx: 3 });
  const cols = land ? 3 : 2;
  const rows = land ? 1 : 2;
  const gap = 14;
  const bottom = h > 800 ? 110 : 28;
  const tw = (w - 36 * 2 - gap * (cols - 1)) / cols;
  const th = (h - head - bottom - gap * (rows - 1)) / rows;
  let k = 0;
  for (let rI = 0; rI < rows; rI++) {
    for (let c = 0; c < cols; c++) {
      const v = vs[k % vs.length] ?? t.shot.sp;
      const base = v[0] ?? p.accent;
      const wall: [string, string] = k % 2 ? [lighten(p.accent, 0.75), lighten(p.accent, 0.5)] : [lighten(base, 0.8), lighten(base, 0.55)];
      s += shot(d, 36 + c * (tw + gap), head + rI * (th + gap), tw, th, { ...t.shot, sp: v, seed: `${t.shot.subject}${k}`, wall: t.shot.dark ? t.shot.wall : wall, fh: t.shot.fh ?? 0.56, fw: t.shot.fw ?? 0.74 }, 18);
      s += rect(36 + c * (tw + gap) + 12, head + rI * (th + gap) + th - 40, tw * 0.45, 28, '#ffffff', { rx: 14, opacity: 0.92 }) + rect(36 + c * (tw + gap) + 24, head + rI * (th + gap) + th - 29, tw * 0.28, 6, p.ink, { rx: 3 });
      k++;
    }
  }
  if (bottom > 50) s += pill(w / 2 - 110, h - 80, 220, 48, p.accent, p.card);
  return s;
}

function sale(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  const r = new Rng('sale' + t.shot.subject);
  const land = w > h;
  let s = rect(0, 0, w, h, d.lin([[0, p.bg], [1, p.bg2]], { x1: 0, y1: 0, x2: 1, y2: 1 }));
  s += g({ transform: `rotate(-14 ${n(w / 2)} ${n(h / 2)})` }, rect(-w, h * (land ? 0.58 : 0.62), w * 3, h * 0.16, p.accent) + rect(-w, h * (land ? 0.58 : 0.62) + h * 0.18, w * 3, 6, p.accent, { opacity: 0.6 }));
  s += confetti(r, w, h, [p.accent, p.ink, '#ffffff'], 26, { x: w * 0.2, y: h * 0.2, w: w * 0.6, h: h * 0.6 });
  const sc = shotScene(d, land ? w * 0.55 : w, land ? h : h * 0.66, { ...t.shot, horizon: null, noWall: true, fh: land ? 0.7 : 0.62, fw: land ? 0.8 : 0.66, fy: 0.82, vignette: 0, glowOpacity: 0.35 });
  s += land ? g({ transform: `translate(${n(w * 0.45)} 0)` }, sc) : g({ transform: `translate(0 ${n(h * 0.2)})` }, sc);
  if (land) {
    s += bars(36, 56, [230, 180], 30, 14, p.ink) + bars(36, 160, [200, 150], 7, 9, p.ink, { opacity: 0.7 });
    s += badge(d, 110, 300, 62, p.accent, p.card, true);
  } else {
    s += cbars(w / 2, h * 0.07, [w * 0.74, w * 0.5], h * 0.045, h * 0.018, p.ink);
    s += badge(d, w * 0.17, h * 0.33, w * 0.1, p.ink, p.card, true);
    s += rect(36, h - 96, w - 72, 64, 'none', { rx: 14, stroke: p.ink, 'stroke-width': 2.5, 'stroke-dasharray': '10 8' }) + cbars(w / 2, h - 72, [w * 0.42], 14, 0, p.ink);
  }
  return s;
}

function story(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  let s = shotScene(d, w, h, { ...t.shot, fy: t.shot.fy ?? 0.6, fh: t.shot.fh ?? 0.46 });
  s += rect(0, 0, w, 120, d.lin([[0, '#000000', 0.35], [1, '#000000', 0]]));
  for (let i = 0; i < 3; i++) s += rect(20 + i * ((w - 40) / 3), 18, (w - 40) / 3 - 6, 4, '#ffffff', { rx: 2, opacity: i === 0 ? 1 : 0.45 });
  s += circle(42, 52, 18, p.accent) + circle(42, 52, 14, p.card) + rect(70, 44, 110, 8, '#ffffff', { rx: 4 }) + rect(70, 58, 60, 6, '#ffffff', { rx: 3, opacity: 0.7 });
  const cy = h * 0.64;
  const ch = h - 70 - cy;
  s += soft(d, w / 2, cy + 20, w * 0.42, 30, '#000', 0.25, 16);
  s += path(rrect(28, cy, w - 56, ch, 28), p.card);
  s += rect(52, cy + 26, 70, 24, mix(p.accent, '#ffffff', 0.8), { rx: 12 }) + rect(64, cy + 35, 46, 6, p.accent, { rx: 3 });
  s += bars(52, cy + 66, [w * 0.62, w * 0.46], 20, 10, p.ink);
  s += bars(52, cy + 128, [w * 0.66, w * 0.5], 6, 8, p.muted);
  s += pill(52, cy + ch - 72, w - 104, 48, p.accent, p.card);
  s += path(`M${w / 2 - 12} ${h - 44}l12 -10l12 10`, 'none', { stroke: '#ffffff', 'stroke-width': 3.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  s += rect(w / 2 - 40, h - 30, 80, 6, '#ffffff', { rx: 3, opacity: 0.8 });
  return s;
}

function magazine(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const p = t.pal;
  let s = shotScene(d, w, h, { ...t.shot, fy: 0.74, fh: 0.56, fx: 0.56 });
  s += rect(0, h * 0.55, w, h * 0.45, d.lin([[0, '#000000', 0], [1, '#000000', 0.55]]));
  s += rect(18, 18, w - 36, h - 36, 'none', { stroke: '#ffffff', 'stroke-width': 1.5, opacity: 0.8 });
  s += cbars(w / 2, 44, [w * 0.7], h * 0.07, 0, p.ink);
  s += cbars(w / 2, 44 + h * 0.07 + 14, [w * 0.36], 6, 0, p.ink, { opacity: 0.75 });
  s += bars(40, h - 170, [w * 0.5, w * 0.36], 24, 12, '#ffffff');
  s += bars(40, h - 96, [w * 0.4, w * 0.3], 6, 8, '#ffffff', { opacity: 0.75 });
  s += rect(w - 120, h - 74, 80, 28, p.accent, { rx: 14 }) + rect(w - 100, h - 63, 40, 6, '#ffffff', { rx: 3 });
  s += bars(40, h * 0.3, [80, 60], 6, 8, p.ink, { opacity: 0.8 });
  return s;
}

export function renderTemplate(d: Doc, w: number, h: number, t: TemplateSpec): string {
  const fns: Record<Layout, (d: Doc, w: number, h: number, t: TemplateSpec) => string> = { poster, split, menu, detail, arch, grid, sale, story, magazine };
  return fns[t.layout](d, w, h, t);
}

// ---------------------------------------------------------------------------
// The 27 templates

const P = (bg: string, bg2: string, accent: string, ink: string, muted: string, card = '#ffffff'): Pal => ({ bg, bg2, accent, ink, muted, card });

export const TEMPLATE_SIZES: Record<number, [number, number]> = {
  1: [600, 800], 4: [600, 450], 8: [600, 900], 12: [600, 600], 16: [600, 800], 20: [600, 900], 24: [600, 450],
  2: [600, 600], 6: [600, 800], 10: [600, 450], 14: [600, 900], 18: [600, 600], 22: [600, 800], 26: [600, 450],
  3: [600, 900], 7: [600, 600], 11: [600, 800], 15: [600, 450], 19: [600, 800], 23: [600, 600], 27: [600, 900],
  5: [600, 600], 9: [600, 800], 13: [600, 450], 17: [600, 900], 21: [600, 600], 25: [600, 800],
};

export const TEMPLATES: Record<number, TemplateSpec> = {
  // food
  1: { layout: 'poster', pal: P('#ffe8c7', '#ffb870', '#e4572e', '#3d1f0f', '#8a5a3c'), shot: { subject: 'brunch', sp: ['#f4efe8', '#fbf7f0'], wall: ['#ffe9c9', '#ffb870'], floor: '#e89a55', podium: '#d9783a', props: 'leaves', fw: 0.86 } },
  4: { layout: 'split', pal: P('#1f3d2b', '#14281c', '#f4a261', '#f6efe0', '#a9bfa8'), shot: { subject: 'grill', sp: [], wall: ['#f7e1c1', '#e9b77f'], floor: '#9c6b43', fh: 0.5, fw: 0.92, fy: 0.76 } },
  8: { layout: 'menu', pal: P('#3a2618', '#24170e', '#f2b56b', '#fbeedb', '#c4a589'), shot: { subject: 'bread', sp: [], wall: ['#fdebd3', '#f3c995'], floor: '#dba56c' } },
  12: { layout: 'poster', pal: P('#fff1c9', '#ffc94a', '#d62828', '#3d1f0f', '#8a5a3c'), shot: { subject: 'chicken', sp: [], wall: ['#fff3cf', '#ffcf5a'], floor: '#f2b43a', fw: 0.9 } },
  16: { layout: 'menu', pal: P('#161616', '#0b0b0b', '#d62828', '#f1e3c8', '#8c8172'), shot: { subject: 'drink', sp: ['#a0673f', '#f3e6d3'], wall: ['#3a2a20', '#1e1510'], floor: '#2a1d15', fh: 0.5, fw: 0.86 } },
  20: { layout: 'detail', pal: P('#faf6f0', '#efe4d6', '#8b5e3c', '#2b1d14', '#9c8b7c', '#fffdf9'), shot: { subject: 'cake', sp: ['#fbe3e8', '#5a2e1c', '#d7263d'], wall: ['#f3e5d0', '#d9b99b'], floor: '#b98a62', props: 'spheres' }, variants: [['#8b5e3c'], ['#d9b99b'], ['#2b1d14'], ['#e9c46a']] },
  24: { layout: 'grid', pal: P('#f4f9ec', '#e3f0d3', '#6a994e', '#233d1b', '#6f8a62'), shot: { subject: 'salad', sp: ['#f2efe9'], wall: ['#f4f9ec', '#dcebc8'], fw: 0.94, fh: 0.6 }, variants: [['#f2efe9'], ['#3a3633'], ['#d9a27a']] },
  // cosmetics
  2: { layout: 'arch', pal: P('#f6e7e1', '#f0d5cb', '#b5655b', '#4a2c29', '#9b7a73'), shot: { subject: 'dropper', sp: ['#f3d3cb', '#c98f7a', '#ffffff', '#b5655b'], wall: ['#f4d9cf', '#e7b8a9'], podium: '#eec3b5', gobo: true, props: 'drops', fh: 0.62 } },
  6: { layout: 'detail', pal: P('#ffffff', '#f3f0ff', '#6d5dd3', '#1f1b3a', '#8a86a6'), shot: { subject: 'jar', sp: ['#f1ece4', '#6d5dd3', '', '#6d5dd3'], wall: ['#ece8ff', '#c9bff2'], podium: '#ddd5ff', props: 'leaves' }, variants: [['#9b87f5'], ['#f59bb8'], ['#7fc8f8'], ['#f6c667']] },
  10: { layout: 'split', pal: P('#e6efe9', '#cfe0d5', '#5b7f6a', '#1f3328', '#7d9586'), shot: { subject: 'lipstick', sp: ['#c1121f', '#1b1b1b'], wall: ['#f1efe9', '#d9d2c5'], podium: '#e8e2d8', props: 'leaves' } },
  14: { layout: 'story', pal: P('#d8f3ff', '#9fd8f0', '#1d7fa8', '#0f3244', '#6b8d9c'), shot: { subject: 'tube', sp: ['#e6f6ff', '#1d7fa8', '', '#1d7fa8'], wall: ['#dff5ff', '#8fd0ec'], podium: '#bfe6f7', props: 'drops', fh: 0.4 } },
  18: { layout: 'grid', pal: P('#1c1214', '#2c1a1e', '#e63950', '#fbe9ec', '#b88b93'), shot: { subject: 'tube', sp: ['#fbe9ec', '#e63950', '', '#e63950'], wall: ['#3a2228', '#1c1214'], dark: { light: '#ffb3c1', rim: '#ff8fa3' }, fh: 0.72 }, variants: [['#c1121f', '#1b1b1b'], ['#c98a7a', '#1b1b1b'], ['#7a1f4d', '#1b1b1b'], ['#ff6f59', '#1b1b1b']] },
  22: { layout: 'sale', pal: P('#fff4e0', '#ffd59a', '#f08a24', '#4a2a0a', '#a66f34'), shot: { subject: 'perfume', sp: ['#f3a64a', '#2b2b2b'], wall: ['#fff4e0', '#ffd59a'], podium: '#ffe3b8' } },
  26: { layout: 'poster', pal: P('#0f2e2a', '#1f5a50', '#e9c46a', '#ffffff', '#b7d3cc'), shot: { subject: 'compact', sp: ['#1f5a50', '#f1d3bd', '#e9c46a'], wall: ['#1f5a50', '#0f2e2a'], floor: '#0c2622', podium: '#2b6d61', glow: '#bff5e3', glowOpacity: 0.35, reflect: 0.15 } },
  // fashion
  3: { layout: 'story', pal: P('#e8e0d5', '#cdbba5', '#3d3d3d', '#222222', '#8a8178'), shot: { subject: 'figure', sp: ['#b48b64', '#2b2b2b', '#e3b89c', '#2b1d16'], wall: ['#efe7dc', '#cdbba5'], arch: '#f6f0e8', fh: 0.56, fy: 0.62 } },
  7: { layout: 'sale', pal: P('#ffe14d', '#ffc83d', '#111111', '#111111', '#5a4a00'), shot: { subject: 'sneaker', sp: ['#1f1f1f', '#ff4d2e'], wall: ['#ffe14d', '#ffc83d'], rot: -12 } },
  11: { layout: 'arch', pal: P('#f1e4d8', '#e6d2bf', '#7a4a2a', '#3a2418', '#9c7f6a'), shot: { subject: 'knit', sp: ['#d9c8ae'], wall: ['#ecdccc', '#d7bda3'], podium: '#e3c9b0', props: 'spheres' } },
  15: { layout: 'split', pal: P('#ff7a59', '#ff5e3a', '#ffffff', '#ffffff', '#ffe0d6', '#ff5e3a'), shot: { subject: 'sunglasses', sp: ['#1d1d1d', '#7a3b2e'], wall: ['#ffe0d6', '#ffb59e'], podium: '#ffd0c0', fw: 0.92 } },
  19: { layout: 'magazine', pal: P('#f7d9d0', '#e89f8c', '#e76f51', '#7a2e1f', '#ffe0d6'), shot: { subject: 'handbag', sp: ['#8b4a2b'], wall: ['#f7d9d0', '#e89f8c'], arch: '#fbe7e0', gobo: true } },
  23: { layout: 'grid', pal: P('#fff8e1', '#ffe9a8', '#ff6f59', '#2b2d42', '#7a7f99'), shot: { subject: 'romper', sp: ['#fff6e0', '#7cc6e8', '#ffd166'], wall: ['#fff8e1', '#ffe9a8'], fh: 0.74 }, variants: [['#fff6e0', '#7cc6e8', '#ffd166'], ['#ffe3ec', '#ff8fab', '#ffffff'], ['#eaf7e6', '#7ccf8a', '#ffd166'], ['#fff1d6', '#ffb347', '#7cc6e8']] },
  27: { layout: 'grid', pal: P('#eef2ff', '#dbe4ff', '#4361ee', '#14213d', '#6b7aa1'), shot: { subject: 'sneaker', sp: ['#4361ee', '#ffd166'], wall: ['#eef2ff', '#c7d2fe'], rot: -8 }, variants: [['#4361ee', '#ffd166'], ['#ef476f', '#ffffff'], ['#06d6a0', '#14213d'], ['#14213d', '#ef476f']] },
  // others
  5: { layout: 'grid', pal: P('#111827', '#1f2937', '#22d3ee', '#f9fafb', '#9ca3af'), shot: { subject: 'bouquet', sp: ['#f4a6b8', '#f7d060', '#c9a0dc', '#e9dcc9'], wall: ['#1f2937', '#111827'], dark: { light: '#67e8f9', rim: '#22d3ee' } }, variants: [['#f4a6b8', '#f7d060', '#c9a0dc', '#e9dcc9'], ['#ffffff', '#f4a6b8', '#ffd1dc', '#e9dcc9'], ['#f7d060', '#f28482', '#84a59d', '#e9dcc9'], ['#c9a0dc', '#ffffff', '#f4a6b8', '#e9dcc9']] },
  9: { layout: 'magazine', pal: P('#e9f0e1', '#b9cda5', '#3a7d44', '#1f3320', '#5f7a55'), shot: { subject: 'candle', sp: ['#d8c3a5', '#f5efe6'], wall: ['#eef3e6', '#b9cda5'], podium: '#dfe8d2', gobo: true } },
  13: { layout: 'sale', pal: P('#1a1045', '#5b21b6', '#f72585', '#ffffff', '#c4b5fd'), shot: { subject: 'cat', sp: ['#e0a060'], wall: ['#1a1045', '#5b21b6'], rot: 10 } },
  17: { layout: 'arch', pal: P('#fff3e6', '#ffe2c6', '#e07a3f', '#4a2a14', '#a27b5c'), shot: { subject: 'phone', sp: ['#c0c4ca', '#7b2ff7', '#f107a3'], wall: ['#ffe7cf', '#ffc999'], floor: '#f2b680', props: 'spheres' } },
  21: { layout: 'poster', pal: P('#fbf1e4', '#f0d9bd', '#c2562d', '#3d2414', '#8a6a50'), shot: { subject: 'cookware', sp: ['#e4572e', '#f1e6d6'], wall: ['#fbf1e4', '#efd3b0'], floor: '#c89464', fw: 0.9 } },
  25: { layout: 'split', pal: P('#264653', '#1d3641', '#e9c46a', '#f4ecdc', '#9fb6bd'), shot: { subject: 'books', sp: ['#e76f51', '#2a9d8f', '#e9c46a', '#264653'], wall: ['#f4ecdc', '#e2cfa9'], floor: '#cfb487', props: 'leaves' } },
};
