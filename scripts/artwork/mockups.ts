// Package mockups: social feed on a phone, delivery-app menu card and a long
// product detail page. Designed at 1x (383 px wide) and rendered at 2x.

import { Doc, n, rect, circle, path, g, bars, cbars, star, sparkle, rrect, soft } from './lib.ts';
import { shot, type ShotSpec } from './shots.ts';

const GREEN = '#16a34a';

const heart = (x: number, y: number, s: number, fill: string) =>
  path(`M${n(x)} ${n(y + s * 0.9)}L${n(x - s)} ${n(y)}A${n(s * 0.5)} ${n(s * 0.5)} 0 0 1 ${n(x)} ${n(y - s * 0.35)}A${n(s * 0.5)} ${n(s * 0.5)} 0 0 1 ${n(x + s)} ${n(y)}Z`, fill);

const TILES: ShotSpec[] = [
  { subject: 'bottle', sp: ['#f3d3cb', '#c98f7a', '#ffffff', '#b5655b'], wall: ['#fbe4dc', '#efbfae'], podium: '#f4cfc2' },
  { subject: 'burger', sp: [], wall: ['#ffe3b3', '#ffb25e'], fw: 0.8 },
  { subject: 'sneaker', sp: ['#3d5a80', '#ee6c4d'], wall: ['#dbeafe', '#93c5fd'], fw: 0.7, rot: -10 },
  { subject: 'perfume', sp: ['#a78bfa', '#1f1b3a'], wall: ['#2e1065', '#1e1b4b'], dark: { light: '#c4b5fd', rim: '#a78bfa' } },
  { subject: 'cake', sp: ['#fbe3e8', '#5a2e1c', '#d7263d'], wall: ['#fde2ea', '#f4b8c8'] },
  { subject: 'watch', sp: ['#d4a373', '#0f2a3a', '#3b2a20'], wall: ['#1c2535', '#0d1420'], dark: { light: '#f3d9b1', rim: '#d4a373' } },
  { subject: 'jar', sp: ['#eef3ee', '#c7a76a', '', '#5b7f6a'], wall: ['#e8f0e8', '#bcd3c0'], podium: '#dce8dc' },
  { subject: 'drink', sp: ['#a0673f', '#f3e6d3'], wall: ['#dcfce7', '#86efac'] },
  { subject: 'headphones', sp: ['#f4f4f5', '#d4d4d8', '#f59e0b'], wall: ['#fef3c7', '#fcd34d'], fw: 0.8 },
];

export function social(d: Doc, w: number, h: number): string {
  let s = rect(0, 0, w, h, d.lin([[0, '#ecfdf3'], [1, '#c7f0d8']], { x1: 0, y1: 0, x2: 1, y2: 1 }));
  s += circle(40, 80, 90, '#bbf7d0', { opacity: 0.6 }) + circle(w - 30, h - 90, 110, '#a7f3d0', { opacity: 0.5 });
  const px = 66, py = 22, pw = 251, ph = 531;
  s += soft(d, px + pw / 2 + 8, py + ph / 2 + 14, pw * 0.5, ph * 0.5, '#14532d', 0.3, 14);
  s += path(rrect(px, py, pw, ph, 40), '#111315');
  s += path(rrect(px + 2, py + 2, pw - 4, ph - 4, 38), 'none', { stroke: '#3a3d42', 'stroke-width': 1.5 });
  const sx = px + 9, sy = py + 9, sw = pw - 18, sh = ph - 18;
  const screenClip = d.clip(`<path d="${rrect(sx, sy, sw, sh, 31)}"/>`);
  let c = rect(sx, sy, sw, sh, '#ffffff');
  // status bar and dynamic island
  c += rect(sx + 20, sy + 12, 26, 7, '#111', { rx: 3.5 }) + path(rrect(sx + sw / 2 - 34, sy + 8, 68, 18, 9), '#111');
  c += rect(sx + sw - 56, sy + 13, 14, 6, '#111', { rx: 2 }) + rect(sx + sw - 38, sy + 12, 20, 8, 'none', { rx: 2.5, stroke: '#111', 'stroke-width': 1.3 }) + rect(sx + sw - 36, sy + 14, 13, 4, '#111', { rx: 1 });
  // header
  let y = sy + 40;
  c += rect(sx + 14, y, 80, 10, '#111', { rx: 5 }) + path(`M${sx + sw - 46} ${y + 5}h12M${sx + sw - 40} ${y - 1}v12M${sx + sw - 24} ${y}h12M${sx + sw - 24} ${y + 5}h12M${sx + sw - 24} ${y + 10}h12`, 'none', { stroke: '#111', 'stroke-width': 2, 'stroke-linecap': 'round' });
  y += 26;
  // avatar with story ring and stats
  const ring = d.lin([[0, '#f59e0b'], [0.5, '#ec4899'], [1, '#8b5cf6']], { x1: 0, y1: 1, x2: 1, y2: 0 });
  c += circle(sx + 40, y + 26, 27, ring) + circle(sx + 40, y + 26, 24.5, '#ffffff') + circle(sx + 40, y + 26, 22, d.lin([[0, '#4ade80'], [1, GREEN]]));
  c += path(sparkle(sx + 40, y + 26, 11), '#ffffff') + circle(sx + 40, y + 26, 4, GREEN);
  for (let i = 0; i < 3; i++) {
    const cx = sx + 100 + i * 46;
    c += cbars(cx, y + 14, [22], 9, 0, '#111') + cbars(cx, y + 30, [34], 5, 0, '#9ca3af');
  }
  y += 62;
  c += bars(sx + 14, y, [90], 7, 0, '#111') + bars(sx + 14, y + 13, [170, 140], 5, 6, '#6b7280');
  y += 40;
  c += rect(sx + 14, y, (sw - 36) / 2, 24, '#eef0f3', { rx: 7 }) + rect(sx + 22 + (sw - 36) / 2, y, (sw - 36) / 2, 24, '#eef0f3', { rx: 7 });
  c += cbars(sx + 14 + (sw - 36) / 4, y + 9, [44], 6, 0, '#111') + cbars(sx + 22 + ((sw - 36) * 3) / 4, y + 9, [36], 6, 0, '#111');
  y += 36;
  const hl = ['#fde68a', '#fbcfe8', '#bfdbfe', '#bbf7d0', '#ddd6fe'];
  hl.forEach((col, i) => {
    const cx = sx + 30 + i * 44;
    c += circle(cx, y + 18, 18, 'none', { stroke: '#d1d5db', 'stroke-width': 1.5 }) + circle(cx, y + 18, 15, col) + path(sparkle(cx, y + 18, 6), '#ffffff');
  });
  y += 46;
  c += rect(sx, y, sw, 1, '#e5e7eb') + rect(sx + sw / 6 - 20, y, 40, 2, '#111');
  c += path(`M${n(sx + sw / 6 - 7)} ${y + 9}h14v14h-14zM${n(sx + sw / 6)} ${y + 9}v14M${n(sx + sw / 6 - 7)} ${y + 16}h14`, 'none', { stroke: '#111', 'stroke-width': 1.5 });
  c += rect(sx + sw / 2 - 7, y + 9, 14, 14, 'none', { rx: 3, stroke: '#9ca3af', 'stroke-width': 1.5 }) + circle(sx + (sw * 5) / 6, y + 13, 4, 'none', { stroke: '#9ca3af', 'stroke-width': 1.5 }) + path(`M${n(sx + (sw * 5) / 6 - 8)} ${y + 24}q8 -10 16 0`, 'none', { stroke: '#9ca3af', 'stroke-width': 1.5 });
  y += 32;
  const ts = (sw - 4) / 3;
  TILES.forEach((t, i) => {
    const cx = sx + (i % 3) * (ts + 2);
    const cy = y + Math.floor(i / 3) * (ts + 2);
    c += shot(d, cx, cy, ts, ts, { ...t, seed: `tile${i}`, vignette: 0.1 });
  });
  // bottom navigation
  const ny = sy + sh - 42;
  c += rect(sx, ny, sw, 42, '#ffffff') + rect(sx, ny, sw, 1, '#e5e7eb');
  for (let i = 0; i < 5; i++) {
    const cx = sx + sw * (0.1 + i * 0.2);
    c += i === 2 ? rect(cx - 9, ny + 10, 18, 18, 'none', { rx: 5, stroke: '#111', 'stroke-width': 1.8 }) + path(`M${n(cx)} ${ny + 14}v10M${n(cx - 5)} ${ny + 19}h10`, 'none', { stroke: '#111', 'stroke-width': 1.8 }) : i === 4 ? circle(cx, ny + 19, 9, d.lin([[0, '#4ade80'], [1, GREEN]])) : rect(cx - 8, ny + 11, 16, 16, 'none', { rx: i === 0 ? 3 : 8, stroke: '#111', 'stroke-width': 1.8 });
  }
  c += rect(sx + sw / 2 - 50, sy + sh - 8, 100, 4, '#111', { rx: 2 });
  s += g({ 'clip-path': screenClip }, c);
  // floating engagement bubbles
  const bubble = (x: number, y0: number, wB: number, inner: string) => soft(d, x + wB / 2, y0 + 24, wB * 0.5, 14, '#14532d', 0.25, 8) + path(rrect(x, y0, wB, 40, 20), '#ffffff') + inner;
  s += bubble(10, 420, 96, circle(32, 440, 12, '#fee2e2') + heart(32, 438, 6, '#ef4444') + rect(50, 436, 40, 8, '#111', { rx: 4 }));
  s += bubble(w - 120, 330, 106, circle(w - 98, 350, 12, '#dcfce7') + path(sparkle(w - 98, 350, 7), GREEN) + rect(w - 80, 342, 52, 6, '#111', { rx: 3 }) + rect(w - 80, 352, 34, 5, '#9ca3af', { rx: 2.5 }));
  return s;
}

export function delivery(d: Doc, w: number, h: number): string {
  let s = rect(0, 0, w, h, d.lin([[0, '#fff7ed'], [1, '#ffedd5']]));
  for (let i = 0; i < 12; i++) s += circle(((i * 71) % w) + 10, ((i * 53) % h) + 8, 3, '#fdba74', { opacity: 0.5 });
  const cx = 18, cy = 14, cw = w - 36, ch = h - 28;
  s += soft(d, cx + cw / 2, cy + ch / 2 + 10, cw * 0.5, ch * 0.5, '#7c2d12', 0.22, 12);
  s += path(rrect(cx, cy, cw, ch, 22), '#ffffff');
  const ph = 150;
  s += shot(d, cx + 8, cy + 8, cw - 16, ph, { subject: 'bibimbap', sp: ['#3a3633'], wall: ['#f6d7b0', '#d98a4e'], floor: '#8a5a3b', horizon: ph * 0.45, fh: 0.7, fw: 0.62, fy: 0.92, props: 'leaves', vignette: 0.2 }, 16);
  s += rect(cx + 18, cy + 18, 78, 24, '#ef4444', { rx: 12 }) + rect(cx + 30, cy + 27, 54, 6, '#ffffff', { rx: 3 });
  s += circle(cx + cw - 32, cy + 32, 15, '#ffffff', { opacity: 0.95 }) + heart(cx + cw - 32, cy + 30, 7, '#ef4444');
  let y = cy + ph + 22;
  s += rect(cx + 16, y, 170, 14, '#1f2937', { rx: 7 });
  s += path(star(cx + cw - 86, y + 7, 8, 0.46), '#f59e0b') + rect(cx + cw - 74, y + 3, 24, 8, '#1f2937', { rx: 4 }) + rect(cx + cw - 46, y + 3, 28, 8, '#9ca3af', { rx: 4 });
  y += 24;
  s += rect(cx + 16, y, 220, 6, '#9ca3af', { rx: 3 }) + rect(cx + 16, y + 11, 160, 6, '#9ca3af', { rx: 3 });
  y += 30;
  s += circle(cx + 24, y + 8, 8, '#dcfce7') + path(`M${cx + 24} ${y + 4}v4h3`, 'none', { stroke: GREEN, 'stroke-width': 1.6, 'stroke-linecap': 'round' }) + rect(cx + 38, y + 5, 40, 6, '#6b7280', { rx: 3 });
  s += circle(cx + 98, y + 8, 8, '#ffedd5') + rect(cx + 94, y + 6, 8, 5, '#f97316', { rx: 1 }) + rect(cx + 112, y + 5, 46, 6, '#6b7280', { rx: 3 });
  s += rect(cx + cw - 140, y - 4, 70, 22, '#dcfce7', { rx: 11 }) + rect(cx + cw - 126, y + 4, 42, 6, GREEN, { rx: 3 });
  s += circle(cx + cw - 36, y + 6, 20, GREEN) + path(`M${cx + cw - 36} ${y - 2}v16M${cx + cw - 44} ${y + 6}h16`, 'none', { stroke: '#ffffff', 'stroke-width': 3, 'stroke-linecap': 'round' });
  return s;
}

export function ecommerce(d: Doc, w: number, h: number): string {
  const ink = '#1f2937';
  const muted = '#9ca3af';
  let s = rect(0, 0, w, h, '#ffffff');
  s += path('M18 18h18M18 24h18M18 30h12', 'none', { stroke: ink, 'stroke-width': 2.2, 'stroke-linecap': 'round' });
  s += circle(w / 2 - 36, 24, 7, 'none', { stroke: GREEN, 'stroke-width': 2.2 }) + circle(w / 2 - 36, 24, 2.5, GREEN) + rect(w / 2 - 24, 20, 60, 8, ink, { rx: 4 });
  s += path(`M${w - 40} 16h4l4 14h12l3 -10h-17`, 'none', { stroke: ink, 'stroke-width': 2, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }) + circle(w - 30, 34, 1.8, ink) + circle(w - 22, 34, 1.8, ink) + circle(w - 18, 16, 5, '#ef4444');
  const hero: ShotSpec = { subject: 'dropper', sp: ['#7fb7a4', '#2f3e36', '#f7f3ea', '#2f5d50'], wall: ['#eef5ef', '#c9dfd0'], podium: '#dbe9df', props: 'leaves', gobo: true, fh: 0.56 };
  s += shot(d, 0, 48, w, 236, hero);
  for (let i = 0; i < 4; i++) s += rect(w / 2 - 30 + i * 16, 270, i === 0 ? 18 : 7, 7, i === 0 ? '#ffffff' : '#ffffff', { rx: 3.5, opacity: i === 0 ? 1 : 0.6 });
  let y = 296;
  const thumbs: Array<[string, string]> = [['#eef5ef', '#c9dfd0'], ['#fdf2e9', '#f3d2b3'], ['#eef2ff', '#c7d2fe'], ['#fdf0f5', '#f7c6d9']];
  thumbs.forEach((wall, i) => {
    const tx = 16 + i * 62;
    s += shot(d, tx, y, 54, 54, { ...hero, wall, gobo: false, props: 'none', podium: null, fh: 0.7 }, 10);
    if (i === 0) s += path(rrect(tx - 2, y - 2, 58, 58, 12), 'none', { stroke: GREEN, 'stroke-width': 2 });
  });
  s += rect(w - 110, y + 14, 94, 26, 'none', { rx: 13, stroke: '#e5e7eb', 'stroke-width': 1.5 }) + path(`M${w - 98} ${y + 27}h8M${w - 36} ${y + 27}h8M${w - 32} ${y + 23}v8`, 'none', { stroke: ink, 'stroke-width': 2, 'stroke-linecap': 'round' }) + rect(w - 68, y + 24, 10, 6, ink, { rx: 3 });
  y += 70;
  s += bars(16, y, [250, 170], 14, 8, ink);
  y += 44;
  for (let i = 0; i < 5; i++) s += path(star(24 + i * 18, y + 7, 7, 0.46), i < 4 ? '#f59e0b' : '#fde68a');
  s += rect(112, y + 3, 60, 8, muted, { rx: 4 });
  y += 24;
  s += rect(16, y, 96, 20, GREEN, { rx: 6 }) + rect(122, y + 7, 56, 7, muted, { rx: 3.5 }) + rect(120, y + 10, 60, 1.5, muted);
  y += 34;
  s += bars(16, y, [w - 32, w - 48, w * 0.6], 5, 7, muted);
  y += 42;
  s += path(rrect(16, y, 52, 44, 12), 'none', { stroke: ink, 'stroke-width': 1.8 }) + path(`M42 ${y + 28}l-8 -8a4.5 4.5 0 0 1 8 -5a4.5 4.5 0 0 1 8 5z`, 'none', { stroke: ink, 'stroke-width': 1.8, 'stroke-linejoin': 'round' });
  s += path(rrect(78, y, w - 94, 44, 12), d.lin([[0, '#22c55e'], [1, GREEN]])) + cbars(78 + (w - 94) / 2, y + 19, [110], 7, 0, '#ffffff');
  y += 60;
  // lifestyle band, continues below the fold
  const band: ShotSpec = { ...hero, wall: ['#1f3a33', '#0f1f1b'], dark: { light: '#bfe3cf', rim: '#7fb7a4' }, fx: 0.72, fh: 0.7 };
  s += shot(d, 0, y, w, h - y + 20, band);
  s += rect(20, y + 26, 70, 18, '#dcfce7', { rx: 9 }) + rect(30, y + 32, 50, 6, GREEN, { rx: 3 });
  s += bars(20, y + 58, [150, 110], 14, 8, '#ffffff') + bars(20, y + 106, [130, 100], 5, 6, '#d1fae5', { opacity: 0.85 });
  return s;
}
