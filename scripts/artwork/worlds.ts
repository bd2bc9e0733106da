// Full-frame scenes that are not "object on a set": interiors, landscapes,
// stages, characters and buildings. Each draws into a w x h frame.

import { Doc, Rng, n, rect, circle, ellipse, path, g, cyl, sphere, soft, streak, lighten, darken, mix, vgloss, sparkle, rrect, place } from './lib.ts';
import { plant, lamp, headphones, type Obj } from './objects.ts';
import { vignette, snapshotFilter, prop, placedMarkup, type Placed } from './scenes.ts';

// ---------------------------------------------------------------------------
// Interior: empty room (before) and staged living room (after)

export interface RoomOpts { staged: boolean; sofa?: string; wall?: string; accent?: string; seed?: string }

export function room(d: Doc, w: number, h: number, o: RoomOpts): string {
  const u = h / 600;
  const fy = h * 0.66;
  const staged = o.staged;
  const wall = o.wall ?? (staged ? '#f1ebe2' : '#d3cfc6');
  const floorC = staged ? '#c79a6c' : '#a4968a';
  let s = '';
  s += rect(0, 0, w, fy, d.lin([[0, lighten(wall, 0.25)], [1, darken(wall, 0.04)]]));
  // floor boards converging to a vanishing point
  s += rect(0, fy, w, h - fy, d.lin([[0, darken(floorC, 0.05)], [1, lighten(floorC, 0.12)]]));
  let boards = '';
  for (let i = -12; i <= 12; i++) boards += `M${n(w / 2 + i * 24 * u)} ${n(fy)}L${n(w / 2 + i * 120 * u)} ${n(h)}`;
  s += path(boards, 'none', { stroke: darken(floorC, 0.22), 'stroke-width': 1.4 * u, opacity: 0.5 });
  s += rect(0, fy - 10 * u, w, 12 * u, staged ? '#fbf8f3' : '#c8c3b8');
  // window with daylight
  const wx = w * 0.07, wy = h * 0.1, ww = w * 0.24, wh = h * 0.46;
  s += rect(wx - 8 * u, wy - 8 * u, ww + 16 * u, wh + 16 * u, staged ? '#ffffff' : '#e1ddd4');
  s += rect(wx, wy, ww, wh, d.lin([[0, staged ? '#9fd3f5' : '#c5d0d6'], [1, staged ? '#e6f4fb' : '#dfe2e0']]));
  s += g({ 'clip-path': d.clip(rect(wx, wy, ww, wh, '#000')) },
    ellipse(wx + ww * 0.3, wy + wh * 0.95, ww * 0.5, wh * 0.25, staged ? '#8cc084' : '#a9b3a4', { opacity: 0.9 }) +
    ellipse(wx + ww * 0.85, wy + wh * 0.98, ww * 0.4, wh * 0.3, staged ? '#6aa86a' : '#9aa596') +
    circle(wx + ww * 0.75, wy + wh * 0.2, ww * 0.12, staged ? '#fff7d6' : '#e7e7e2', { opacity: 0.8 }));
  s += path(`M${n(wx + ww / 2)} ${n(wy)}V${n(wy + wh)}M${n(wx)} ${n(wy + wh * 0.5)}H${n(wx + ww)}`, 'none', { stroke: staged ? '#ffffff' : '#e1ddd4', 'stroke-width': 6 * u });
  const lightOp = staged ? 0.45 : 0.16;
  s += path(`M${n(wx + ww * 0.2)} ${n(fy)}L${n(wx + ww)} ${n(fy)}L${n(wx + ww * 2.4)} ${n(h)}L${n(wx + ww * 0.9)} ${n(h)}Z`, '#fff6dc', { opacity: lightOp, filter: d.blur(n(10 * u)) });
  s += path(`M${n(wx + ww)} ${n(wy)}L${n(wx + ww * 1.9)} ${n(wy + wh * 0.3)}V${n(fy)}L${n(wx + ww)} ${n(wy + wh)}Z`, '#fff6dc', { opacity: lightOp * 0.45, filter: d.blur(n(16 * u)) });
  if (!staged) {
    // bare bulb, socket, one cardboard box
    s += path(`M${n(w * 0.6)} 0V${n(h * 0.12)}`, 'none', { stroke: '#555', 'stroke-width': 2 * u }) + circle(w * 0.6, h * 0.12 + 12 * u, 12 * u, '#f4f1e0');
    s += rect(w * 0.82, fy - 80 * u, 24 * u, 34 * u, '#e6e2da', { rx: 3 * u, stroke: '#b6b0a4' });
    const bx = w * 0.78, by = h * 0.86;
    s += soft(d, bx, by, 90 * u, 10 * u, '#000', 0.3, 5 * u);
    s += rect(bx - 80 * u, by - 90 * u, 130 * u, 90 * u, '#b48a5a') + path(`M${n(bx + 50 * u)} ${n(by - 90 * u)}l${n(40 * u)} ${n(-24 * u)}v${n(88 * u)}l${n(-40 * u)} ${n(26 * u)}Z`, '#956f45') + path(`M${n(bx - 80 * u)} ${n(by - 90 * u)}l${n(40 * u)} ${n(-24 * u)}h${n(130 * u)}l${n(-40 * u)} ${n(24 * u)}Z`, '#c9a06e') + rect(bx - 20 * u, by - 90 * u, 14 * u, 90 * u, '#d8c7a8', { opacity: 0.7 });
    s += rect(0, 0, w, h, d.rad([[0, '#000', 0], [1, '#000', 0.25]], 0.5, 0.5, 0.8));
    return g({ filter: snapshotFilter(d, w, h, 0.45) }, s);
  }
  const sofa = o.sofa ?? '#7f9c87';
  const accent = o.accent ?? '#e0a458';
  const cx = w * 0.6;
  const sw = w * 0.46;
  const sb = h * 0.82;
  // wall art
  const art = (x: number, y: number, fw: number, fh: number, a: string, b: string) =>
    soft(d, x + fw / 2 + 6 * u, y + fh / 2 + 8 * u, fw * 0.55, fh * 0.55, '#000', 0.18, 8 * u) +
    rect(x, y, fw, fh, '#3a2f28') + rect(x + 6 * u, y + 6 * u, fw - 12 * u, fh - 12 * u, '#fbf7f0') +
    circle(x + fw * 0.42, y + fh * 0.42, fw * 0.22, a) + path(`M${n(x + fw * 0.2)} ${n(y + fh - 12 * u)}V${n(y + fh * 0.62)}A${n(fw * 0.2)} ${n(fw * 0.2)} 0 0 1 ${n(x + fw * 0.6)} ${n(y + fh * 0.62)}V${n(y + fh - 12 * u)}Z`, b);
  s += art(cx - 150 * u, h * 0.16, 130 * u, 160 * u, accent, sofa) + art(cx + 20 * u, h * 0.2, 110 * u, 130 * u, sofa, '#d97b66');
  // rug
  s += ellipse(cx, h * 0.9, sw * 0.75, h * 0.08, '#e8dccb') + ellipse(cx, h * 0.9, sw * 0.62, h * 0.058, 'none', { stroke: accent, 'stroke-width': 4 * u, opacity: 0.6 });
  // sofa
  s += soft(d, cx, sb + 6 * u, sw * 0.56, 14 * u, '#000', 0.35, 8 * u);
  s += rect(cx - sw / 2 + 16 * u, sb - 4 * u, 8 * u, 16 * u, '#3a2f28') + rect(cx + sw / 2 - 24 * u, sb - 4 * u, 8 * u, 16 * u, '#3a2f28');
  s += path(rrect(cx - sw / 2 + 20 * u, sb - 170 * u, sw - 40 * u, 110 * u, 24 * u), vgloss(d, sofa, 0.6));
  s += path(rrect(cx - sw / 2 + 26 * u, sb - 160 * u, sw / 2 - 30 * u, 96 * u, 20 * u), vgloss(d, lighten(sofa, 0.06), 0.8));
  s += path(rrect(cx + 4 * u, sb - 160 * u, sw / 2 - 30 * u, 96 * u, 20 * u), vgloss(d, lighten(sofa, 0.06), 0.8));
  s += path(rrect(cx - sw / 2 + 10 * u, sb - 72 * u, sw - 20 * u, 64 * u, 16 * u), vgloss(d, sofa, 0.7));
  s += path(rrect(cx - sw / 2 + 30 * u, sb - 84 * u, sw / 2 - 34 * u, 30 * u, 12 * u), lighten(sofa, 0.14));
  s += path(rrect(cx + 4 * u, sb - 84 * u, sw / 2 - 34 * u, 30 * u, 12 * u), lighten(sofa, 0.14));
  s += path(rrect(cx - sw / 2 - 4 * u, sb - 120 * u, 46 * u, 116 * u, 20 * u), vgloss(d, darken(sofa, 0.04), 0.8));
  s += path(rrect(cx + sw / 2 - 42 * u, sb - 120 * u, 46 * u, 116 * u, 20 * u), vgloss(d, darken(sofa, 0.08), 0.8));
  s += path(rrect(cx - sw / 2 + 50 * u, sb - 142 * u, 64 * u, 60 * u, 14 * u), vgloss(d, accent), { transform: `rotate(-10 ${n(cx - sw / 2 + 82 * u)} ${n(sb - 112 * u)})` });
  s += path(rrect(cx + sw / 2 - 116 * u, sb - 140 * u, 62 * u, 58 * u, 14 * u), vgloss(d, '#f6efe4'), { transform: `rotate(8 ${n(cx + sw / 2 - 85 * u)} ${n(sb - 111 * u)})` });
  // coffee table with vase
  const ty = h * 0.9;
  s += soft(d, cx, ty + 6 * u, 120 * u, 10 * u, '#000', 0.3, 6 * u);
  s += rect(cx - 90 * u, ty - 40 * u, 6 * u, 44 * u, '#6b4a33') + rect(cx + 84 * u, ty - 40 * u, 6 * u, 44 * u, '#6b4a33');
  s += ellipse(cx, ty - 40 * u, 120 * u, 18 * u, d.lin([[0, '#d2a679'], [1, '#9a6b43']])) + ellipse(cx, ty - 44 * u, 118 * u, 16 * u, '#dcb48a');
  s += place(`${path('M-20 0C-30 -30 -14 -50 -8 -70H8C14 -50 30 -30 20 0Z', cyl(d, '#f3efe8'))}${path('M0 -70C-10 -110 -30 -130 -40 -140M0 -70C10 -120 20 -130 34 -150', 'none', { stroke: '#5e7d4f', 'stroke-width': 3 })}${circle(-40, -140, 8, '#f2c14e')}${circle(34, -150, 9, '#e76f51')}`, cx + 50 * u, ty - 46 * u, u * 0.6);
  // plant left and lamp right
  s += soft(d, cx - sw / 2 - 62 * u, sb + 4 * u, 50 * u, 9 * u, '#000', 0.3, 6 * u);
  s += place(plant(d, { pot: '#e9e2d6', leaf: '#4f8a5b' }, 'room').svg, cx - sw / 2 - 62 * u, sb + 4 * u, u * 0.68);
  s += place(lamp(d, { shade: '#f6ead2', base: '#2f2a26' }).svg, cx + sw / 2 + 56 * u, sb + 4 * u, u * 0.95);
  s += vignette(d, w, h, 0.12);
  return s;
}

// ---------------------------------------------------------------------------
// Landscapes

export function coast(d: Doc, w: number, h: number, seed = 'coast', k: { sea?: string; shallow?: string; land?: string } = {}): string {
  const r = new Rng(seed);
  const u = h / 600;
  const sea = k.sea ?? '#0a5f7e';
  const shallow = k.shallow ?? '#39c6c6';
  const land = k.land ?? '#4f8f46';
  const ph = r.range(0, 3);
  const xc = (y: number) => w * 0.36 + w * 0.14 * Math.sin((y / h) * 3.2 + ph) + w * 0.035 * Math.sin((y / h) * 11 + ph * 2) + (y / h) * w * 0.22;
  const line = (off: number, closeRight: boolean) => {
    let p = '';
    for (let y = -20; y <= h + 20; y += 8) p += `${p ? 'L' : 'M'}${n(xc(y) + off)} ${y}`;
    return closeRight ? `${p}L${w + 20} ${h + 20}L${w + 20} -20Z` : p;
  };
  let s = rect(0, 0, w, h, d.lin([[0, lighten(sea, 0.08)], [1, darken(sea, 0.2)]], { x1: 0, y1: 0, x2: 1, y2: 1 }));
  s += path(line(-90 * u, true), darken(shallow, 0.25), { opacity: 0.55, filter: d.blur(n(26 * u)) });
  s += path(line(-40 * u, true), shallow, { opacity: 0.8, filter: d.blur(n(14 * u)) });
  for (let i = 1; i <= 4; i++) s += path(line(-i * 16 * u, false), 'none', { stroke: '#ffffff', 'stroke-width': (3.5 - i * 0.6) * u, opacity: 0.55 - i * 0.1, 'stroke-dasharray': `${n(40 * u)} ${n(14 * u * i)}`, filter: d.blur(n(1.2 * u)) });
  s += path(line(0, true), '#f3e2b8');
  s += path(line(0, false), 'none', { stroke: '#ffffff', 'stroke-width': 6 * u, opacity: 0.85, filter: d.blur(n(2 * u)) });
  s += path(line(28 * u, true), d.lin([[0, lighten(land, 0.1)], [1, darken(land, 0.15)]]));
  // trees
  let trees = '';
  for (let i = 0; i < 260; i++) {
    const y = r.range(-10, h + 10);
    const x = xc(y) + r.range(45, 420) * u;
    if (x > w + 20) continue;
    const rr = r.range(7, 15) * u;
    const c = r.pick([darken(land, 0.25), darken(land, 0.1), lighten(land, 0.1), '#2f6b3a']);
    trees += circle(x + rr * 0.35, y + rr * 0.35, rr, '#000', { opacity: 0.18 }) + circle(x, y, rr, c) + circle(x - rr * 0.3, y - rr * 0.3, rr * 0.45, '#ffffff', { opacity: 0.12 });
  }
  s += trees;
  // road and houses
  let road = '';
  for (let y = -20; y <= h + 20; y += 10) road += `${road ? 'L' : 'M'}${n(xc(y) + 150 * u + 40 * u * Math.sin(y / (90 * u)))} ${y}`;
  s += path(road, 'none', { stroke: '#d9d4c7', 'stroke-width': 16 * u }) + path(road, 'none', { stroke: '#6a6a6a', 'stroke-width': 12 * u }) + path(road, 'none', { stroke: '#f4f1e6', 'stroke-width': 1.5 * u, 'stroke-dasharray': `${n(10 * u)} ${n(10 * u)}` });
  for (let i = 0; i < 9; i++) {
    const y = h * (0.08 + i * 0.1) + r.range(-10, 10) * u;
    const x = xc(y) + (i % 2 ? 90 : 215) * u;
    if (x > w - 10) continue;
    const hw = r.range(20, 30) * u;
    s += rect(x - hw / 2 + 5 * u, y - hw / 2 + 5 * u, hw, hw * 0.8, '#000', { opacity: 0.25 }) + rect(x - hw / 2, y - hw / 2, hw, hw * 0.8, r.pick(['#f6f1e7', '#e8dccb', '#c96a4a'])) + rect(x - hw / 2, y - hw / 2, hw / 2, hw * 0.8, '#000', { opacity: 0.1 });
    if (i % 3 === 0) s += rect(x + hw * 0.7, y - hw * 0.2, hw * 0.7, hw * 0.45, '#5fd3e0', { rx: 2 * u });
  }
  // boats with wakes
  for (let i = 0; i < 4; i++) {
    const y = h * r.range(0.15, 0.85);
    const x = xc(y) - r.range(130, 330) * u;
    if (x < 10) continue;
    const a = r.range(-40, 40);
    s += g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(a)}) scale(${n(u)})` },
      path('M0 0L-70 -22M0 0L-70 22', 'none', { stroke: '#ffffff', 'stroke-width': 3, opacity: 0.5, filter: d.blur(2) }) +
      path('M-4 -6H14Q22 0 14 6H-4Z', '#ffffff') + rect(0, -3, 8, 6, '#cfd8dc'));
  }
  s += rect(0, 0, w, h, d.rad([[0, '#fff8e0', 0.22], [1, '#fff8e0', 0]], 0.2, 0.15, 0.7));
  s += vignette(d, w, h, 0.2);
  return s;
}

export function hill(d: Doc, w: number, h: number): string {
  const u = h / 600;
  let s = rect(0, 0, w, h, d.lin([[0, '#c9cdd0'], [1, '#dcdcd6']]));
  s += path(`M0 ${n(h * 0.55)}Q${n(w * 0.3)} ${n(h * 0.3)} ${n(w * 0.55)} ${n(h * 0.45)}T${n(w)} ${n(h * 0.5)}V${n(h)}H0Z`, '#8f9a7e');
  s += path(`M0 ${n(h * 0.7)}Q${n(w * 0.5)} ${n(h * 0.58)} ${n(w)} ${n(h * 0.68)}V${n(h)}H0Z`, '#9ea487');
  s += path(`M${n(w * 0.45)} ${n(h)}Q${n(w * 0.5)} ${n(h * 0.75)} ${n(w * 0.6)} ${n(h * 0.62)}`, 'none', { stroke: '#b8ab8f', 'stroke-width': 26 * u });
  for (let i = 0; i < 9; i++) {
    const x = w * (0.05 + i * 0.11);
    const y = h * 0.74 - i * 2 * u;
    s += rect(x, y - 40 * u, 5 * u, 44 * u, '#6b5e4e');
  }
  s += path(`M0 ${n(h * 0.69)}L${n(w)} ${n(h * 0.66)}M0 ${n(h * 0.71)}L${n(w)} ${n(h * 0.68)}`, 'none', { stroke: '#6b5e4e', 'stroke-width': 2 * u });
  s += path(`M0 ${n(h * 0.12)}Q${n(w * 0.5)} ${n(h * 0.2)} ${n(w)} ${n(h * 0.1)}`, 'none', { stroke: '#555', 'stroke-width': 1.5 * u });
  for (const [x, r] of [[0.2, 40], [0.78, 55], [0.9, 35]] as const) s += ellipse(w * x, h * 0.52, r * u, r * 0.8 * u, '#6f7d62');
  s += rect(0, 0, w, h, d.rad([[0, '#000', 0], [1, '#000', 0.2]], 0.5, 0.5, 0.8));
  return g({ filter: snapshotFilter(d, w, h, 0.5) }, s);
}

// ---------------------------------------------------------------------------
// Music & video

export function stage(d: Doc, w: number, h: number, c: { a: string; b: string; bg: string } = { a: '#ff2bd6', b: '#22d3ee', bg: '#12051f' }): string {
  const u = h / 600;
  let s = rect(0, 0, w, h, d.lin([[0, darken(c.bg, 0.4)], [0.7, c.bg], [1, darken(c.bg, 0.6)]]));
  // LED wall grid
  let grid = '';
  for (let x = 0; x < w; x += 40 * u) grid += `M${n(x)} 0V${n(h * 0.7)}`;
  for (let y = 0; y < h * 0.7; y += 40 * u) grid += `M0 ${n(y)}H${n(w)}`;
  s += path(grid, 'none', { stroke: c.b, 'stroke-width': 1 * u, opacity: 0.12 });
  // neon ring with glow
  const ring = circle(w / 2, h * 0.4, h * 0.26, 'none', { stroke: c.a, 'stroke-width': 10 * u });
  s += g({ filter: d.blur(n(14 * u)), opacity: 0.9 }, ring) + ring + circle(w / 2, h * 0.4, h * 0.26, 'none', { stroke: '#ffffff', 'stroke-width': 3 * u, opacity: 0.8 });
  // beams
  const beam = (x: number, ang: number, col: string) =>
    g({ transform: `rotate(${ang} ${n(x)} 0)`, filter: d.blur(n(8 * u)) }, path(`M${n(x - 6 * u)} 0H${n(x + 6 * u)}L${n(x + 80 * u)} ${n(h * 1.1)}H${n(x - 80 * u)}Z`, d.lin([[0, col, 0.85], [1, col, 0]])));
  s += beam(w * 0.15, -24, c.b) + beam(w * 0.32, -10, c.a) + beam(w * 0.5, 0, '#ffffff') + beam(w * 0.68, 10, c.a) + beam(w * 0.85, 24, c.b);
  // stage floor with reflections
  s += rect(0, h * 0.7, w, h * 0.3, d.lin([[0, darken(c.bg, 0.2)], [1, '#000000']]));
  s += ellipse(w / 2, h * 0.74, w * 0.35, h * 0.04, c.a, { opacity: 0.45, filter: d.blur(n(12 * u)) });
  // performer silhouette with rim light
  const body = (col: string, extra: number) =>
    g({ stroke: col, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
      path('M-8 -150L-34 -4M8 -150L30 -4', 'none', { 'stroke-width': 24 + extra }) +
      path('M0 -250L0 -150', 'none', { 'stroke-width': 46 + extra }) +
      path('M-18 -240L-46 -176L-40 -120', 'none', { 'stroke-width': 15 + extra }) +
      path('M18 -240L40 -210L14 -266', 'none', { 'stroke-width': 15 + extra })) +
    circle(0, -290, 22 + extra / 2, col) + circle(14, -268, 7 + extra / 2, col);
  s += place(g({ filter: d.blur(4), opacity: 0.9 }, body(c.b, 8)) + body('#0a0410', 0), w / 2, h * 0.75, u * 1.05);
  // haze
  s += ellipse(w * 0.3, h * 0.62, w * 0.3, h * 0.1, '#ffffff', { opacity: 0.08, filter: d.blur(n(30 * u)) }) + ellipse(w * 0.72, h * 0.58, w * 0.3, h * 0.1, c.b, { opacity: 0.1, filter: d.blur(n(30 * u)) });
  // crowd
  const r = new Rng('crowd');
  let crowd = '';
  for (let x = -20 * u; x < w + 20 * u; x += r.range(34, 50) * u) {
    const y = h * 0.9 + r.range(-10, 14) * u;
    crowd += circle(x, y - 37 * u, 17 * u, c.a, { opacity: 0.55, filter: d.blur(2) }) + circle(x, y - 34 * u, 17 * u, '#05020a') + path(rrect(x - 28 * u, y - 16 * u, 56 * u, 120 * u, 24 * u), '#05020a');
    if (r.next() > 0.7) crowd += path(`M${n(x + 10 * u)} ${n(y - 10 * u)}L${n(x + 26 * u)} ${n(y - 90 * u)}`, 'none', { stroke: '#05020a', 'stroke-width': 9 * u, 'stroke-linecap': 'round' });
  }
  s += crowd;
  for (let i = 0; i < 14; i++) s += path(sparkle(r.range(0, w), r.range(0, h * 0.6), r.range(3, 8) * u), '#ffffff', { opacity: r.range(0.4, 0.9) });
  s += vignette(d, w, h, 0.5);
  return s;
}

export function cinematic(d: Doc, w: number, h: number): string {
  const u = h / 600;
  const hz = h * 0.6;
  let s = rect(0, 0, w, h, d.lin([[0, '#0d2a36'], [0.45, '#1d5563'], [0.75, '#e08a4a'], [1, '#f6c27a']]));
  s += circle(w * 0.62, hz - 20 * u, 70 * u, '#ffe2a8', { opacity: 0.95 }) + circle(w * 0.62, hz - 20 * u, 150 * u, '#ffb463', { opacity: 0.35, filter: d.blur(n(40 * u)) });
  s += path(`M0 ${n(hz - 60 * u)}L${n(w * 0.12)} ${n(hz - 110 * u)}L${n(w * 0.24)} ${n(hz - 70 * u)}L${n(w * 0.36)} ${n(hz - 130 * u)}L${n(w * 0.5)} ${n(hz - 60 * u)}L${n(w * 0.78)} ${n(hz - 100 * u)}L${n(w)} ${n(hz - 70 * u)}V${n(hz)}H0Z`, '#24414d', { opacity: 0.85 });
  s += rect(0, hz - 40 * u, w, 60 * u, '#f6c27a', { opacity: 0.35, filter: d.blur(n(18 * u)) });
  s += rect(0, hz, w, h - hz, d.lin([[0, '#2b3a40'], [1, '#0b1418']]));
  // wet road in perspective with reflections
  s += path(`M${n(w * 0.6)} ${n(hz)}L${n(w * 0.64)} ${n(hz)}L${n(w * 1.05)} ${n(h)}L${n(w * 0.2)} ${n(h)}Z`, '#1b2328');
  s += path(`M${n(w * 0.62)} ${n(hz)}L${n(w * 0.63)} ${n(h)}`, 'none', { stroke: '#ffcf8a', 'stroke-width': 3 * u, 'stroke-dasharray': `${n(24 * u)} ${n(26 * u)}`, opacity: 0.8 });
  s += path(`M${n(w * 0.6)} ${n(hz)}L${n(w * 0.56)} ${n(h)}L${n(w * 0.7)} ${n(h)}L${n(w * 0.64)} ${n(hz)}Z`, '#ffb463', { opacity: 0.25, filter: d.blur(n(10 * u)) });
  // lone figure with long coat and long shadow
  const fx = w * 0.42, fyy = h * 0.8;
  s += path(`M${n(fx)} ${n(fyy)}L${n(fx - 160 * u)} ${n(h)}L${n(fx - 120 * u)} ${n(h)}Z`, '#000', { opacity: 0.35, filter: d.blur(n(4 * u)) });
  s += place(path('M-16 0L-12 -70L-24 -76L-22 -150Q-20 -168 0 -170Q20 -168 22 -150L24 -76L12 -70L16 0H6L2 -60H-2L-6 0Z', '#0b0f12') + circle(0, -184, 14, '#0b0f12') + path('M-22 -150Q-20 -168 0 -170', 'none', { stroke: '#ffb463', 'stroke-width': 2, opacity: 0.8 }), fx, fyy, u * 1.2);
  // anamorphic flare
  s += rect(0, hz - 24 * u, w, 6 * u, '#7fd7ff', { opacity: 0.5, filter: d.blur(n(3 * u)) });
  s += circle(w * 0.3, hz + 40 * u, 22 * u, '#7fd7ff', { opacity: 0.12 }) + circle(w * 0.22, hz + 80 * u, 12 * u, '#ffb463', { opacity: 0.15 });
  // fog & grade
  s += ellipse(w * 0.3, hz + 10 * u, w * 0.5, 30 * u, '#9fb8bf', { opacity: 0.18, filter: d.blur(n(20 * u)) });
  s += vignette(d, w, h, 0.55);
  const bar = h * 0.12;
  s += rect(0, 0, w, bar, '#050505') + rect(0, h - bar, w, bar, '#050505');
  return s;
}

export function music(d: Doc, w: number, h: number, c: { bg: [string, string]; label: string; sleeve: [string, string] } = { bg: ['#1e1b4b', '#581c87'], label: '#f59e0b', sleeve: ['#f472b6', '#6366f1'] }): string {
  const u = h / 600;
  let s = rect(0, 0, w, h, d.lin([[0, c.bg[0]], [1, c.bg[1]]], { x1: 0, y1: 0, x2: 1, y2: 1 }));
  s += ellipse(w * 0.45, h * 0.45, w * 0.4, h * 0.4, '#ffffff', { opacity: 0.08, filter: d.blur(n(40 * u)) });
  // equaliser bars
  const r = new Rng('eq');
  let eq = '';
  for (let i = 0; i < 36; i++) {
    const x = w * 0.04 + i * (w * 0.92 / 36);
    const bh = (0.2 + 0.8 * Math.abs(Math.sin(i * 0.45)) * r.range(0.5, 1)) * h * 0.22;
    eq += rect(x, h * 0.86 - bh, w * 0.012, bh, d.lin([[0, '#67e8f9'], [1, '#a855f7']]), { rx: w * 0.006 });
  }
  s += g({ opacity: 0.9 }, eq) + g({ opacity: 0.5, filter: d.blur(n(8 * u)) }, eq);
  // wave line
  let wave = '';
  for (let x = 0; x <= w; x += 6) wave += `${x ? 'L' : 'M'}${x} ${n(h * 0.2 + Math.sin(x / (w / 10)) * 18 * u * Math.sin(x / (w / 2.3)))}`;
  s += path(wave, 'none', { stroke: '#f0abfc', 'stroke-width': 3 * u, opacity: 0.6 }) + path(wave, 'none', { stroke: '#f0abfc', 'stroke-width': 10 * u, opacity: 0.3, filter: d.blur(n(6 * u)) });
  // sleeve and record
  const cx = w * 0.5, cy = h * 0.46, R = h * 0.3;
  s += soft(d, cx - R * 0.55 + 12 * u, cy + 16 * u, R * 1.0, R * 1.0, '#000', 0.35, Math.round(16 * u));
  s += path(rrect(cx - R * 1.55, cy - R, R * 2, R * 2, 8 * u), d.lin([[0, c.sleeve[0]], [1, c.sleeve[1]]], { x1: 0, y1: 0, x2: 1, y2: 1 }));
  s += circle(cx - R * 0.95, cy - R * 0.25, R * 0.45, '#ffffff', { opacity: 0.18 }) + path(`M${n(cx - R * 1.55)} ${n(cy + R * 0.5)}Q${n(cx - R * 0.9)} ${n(cy)} ${n(cx + R * 0.45)} ${n(cy + R * 0.4)}V${n(cy + R)}H${n(cx - R * 1.55)}Z`, '#000', { opacity: 0.18 });
  s += soft(d, cx + R * 0.3 + 8 * u, cy + 12 * u, R, R, '#000', 0.45, 14 * u);
  s += circle(cx + R * 0.3, cy, R, d.rad([[0, '#2a2a2e'], [0.96, '#111114'], [1, '#000000']]));
  let grooves = '';
  for (let k = 0.42; k < 0.97; k += 0.045) grooves += circle(cx + R * 0.3, cy, R * k, 'none', { stroke: '#3a3a40', 'stroke-width': 1 * u, opacity: 0.7 });
  s += grooves;
  s += path(`M${n(cx + R * 0.3 - R * 0.9)} ${n(cy - R * 0.3)}A${n(R * 0.95)} ${n(R * 0.95)} 0 0 1 ${n(cx + R * 0.3 - R * 0.2)} ${n(cy - R * 0.93)}`, 'none', { stroke: '#ffffff', 'stroke-width': 10 * u, opacity: 0.16, filter: d.blur(n(4 * u)) });
  s += path(`M${n(cx + R * 0.3 + R * 0.9)} ${n(cy + R * 0.3)}A${n(R * 0.95)} ${n(R * 0.95)} 0 0 1 ${n(cx + R * 0.3 + R * 0.2)} ${n(cy + R * 0.93)}`, 'none', { stroke: '#ffffff', 'stroke-width': 8 * u, opacity: 0.12, filter: d.blur(n(4 * u)) });
  s += circle(cx + R * 0.3, cy, R * 0.33, d.rad([[0, lighten(c.label, 0.3)], [1, darken(c.label, 0.2)]])) + circle(cx + R * 0.3, cy, R * 0.04, '#111');
  s += path(`M${n(cx + R * 0.3 - R * 0.2)} ${n(cy - R * 0.08)}h${n(R * 0.4)}M${n(cx + R * 0.3 - R * 0.14)} ${n(cy + R * 0.12)}h${n(R * 0.28)}`, 'none', { stroke: darken(c.label, 0.45), 'stroke-width': 4 * u, 'stroke-linecap': 'round', opacity: 0.6 });
  // headphones resting at right
  s += place(headphones(d, { shell: '#f4f4f5', cushion: '#d4d4d8', accent: '#f472b6' }).svg, w * 0.86, h * 0.9, u * 0.62, -18);
  for (let i = 0; i < 10; i++) s += path(sparkle(r.range(0, w), r.range(0, h * 0.7), r.range(3, 7) * u), '#ffffff', { opacity: r.range(0.4, 0.9) });
  s += vignette(d, w, h, 0.35);
  return s;
}

// ---------------------------------------------------------------------------
// Fantasy set for "customizing": object on a floating rock over water.

export function fantasy(d: Doc, w: number, h: number, obj: Placed, c: { sky: [string, string]; rock: string; water: string } = { sky: ['#ffd8c2', '#9ad7e0'], rock: '#8c7a6b', water: '#2bb3c0' }): string {
  const r = new Rng('fantasy');
  const u = h / 600;
  let s = rect(0, 0, w, h, d.lin([[0, c.sky[0]], [1, c.sky[1]]]));
  s += circle(w * 0.78, h * 0.2, 60 * u, '#fff6e0', { opacity: 0.9 }) + circle(w * 0.78, h * 0.2, 140 * u, '#fff0d0', { opacity: 0.4, filter: d.blur(n(30 * u)) });
  const cloud = (x: number, y: number, k: number, op: number) => g({ opacity: op, filter: d.blur(n(3 * u)) }, circle(x, y, 40 * k, '#ffffff') + circle(x + 45 * k, y - 18 * k, 50 * k, '#ffffff') + circle(x + 100 * k, y, 38 * k, '#ffffff') + rect(x, y - 10 * k, 100 * k, 40 * k, '#ffffff'));
  s += cloud(w * 0.05, h * 0.3, u, 0.8) + cloud(w * 0.62, h * 0.42, u * 0.8, 0.7) + cloud(w * 0.3, h * 0.12, u * 0.6, 0.6);
  // sea
  const sy = h * 0.74;
  s += rect(0, sy, w, h - sy, d.lin([[0, lighten(c.water, 0.35)], [1, darken(c.water, 0.35)]]));
  for (let i = 0; i < 10; i++) s += path(`M${n(r.range(0, w))} ${n(sy + r.range(10, h - sy))}h${n(r.range(30, 90) * u)}`, 'none', { stroke: '#ffffff', 'stroke-width': 2 * u, opacity: 0.4, 'stroke-linecap': 'round' });
  // small distant rocks
  const rock = (x: number, y: number, k: number, col: string) =>
    path(`M${n(x - 60 * k)} ${n(y)}L${n(x - 40 * k)} ${n(y + 50 * k)}L${n(x - 6 * k)} ${n(y + 110 * k)}L${n(x + 20 * k)} ${n(y + 60 * k)}L${n(x + 60 * k)} ${n(y)}Z`, d.hlin([[0, lighten(col, 0.15)], [0.5, col], [1, darken(col, 0.35)]])) +
    ellipse(x, y, 62 * k, 12 * k, '#7dbb6a') + ellipse(x - 10 * k, y - 3 * k, 40 * k, 6 * k, '#9fd48a');
  s += g({ opacity: 0.75 }, rock(w * 0.15, h * 0.5, u * 0.6, c.rock) + rock(w * 0.86, h * 0.58, u * 0.45, c.rock));
  // main rock under the object
  const k = (obj.obj.w * obj.s) / 120;
  const rx = obj.x, ry = obj.y;
  s += ellipse(rx, sy + 8 * u, 150 * k, 16 * k, '#000', { opacity: 0.15, filter: d.blur(n(8 * u)) });
  s += path(`M${n(rx - 120 * k)} ${n(ry)}L${n(rx - 96 * k)} ${n(ry + 70 * k)}L${n(rx - 40 * k)} ${n(ry + 150 * k)}L${n(rx - 6 * k)} ${n(ry + 230 * k)}L${n(rx + 30 * k)} ${n(ry + 140 * k)}L${n(rx + 92 * k)} ${n(ry + 80 * k)}L${n(rx + 122 * k)} ${n(ry)}Z`, d.hlin([[0, lighten(c.rock, 0.2)], [0.45, c.rock], [1, darken(c.rock, 0.4)]]));
  s += path(`M${n(rx - 96 * k)} ${n(ry + 70 * k)}L${n(rx - 10 * k)} ${n(ry + 60 * k)}L${n(rx + 30 * k)} ${n(ry + 140 * k)}M${n(rx - 10 * k)} ${n(ry + 60 * k)}L${n(rx + 92 * k)} ${n(ry + 80 * k)}`, 'none', { stroke: darken(c.rock, 0.3), 'stroke-width': 2 * k, opacity: 0.5 });
  s += ellipse(rx, ry, 124 * k, 22 * k, d.lin([[0, '#a7dc8c'], [1, '#5fa052']])) + path(`M${n(rx - 110 * k)} ${n(ry + 6 * k)}q10 30 4 50M${n(rx + 80 * k)} ${n(ry + 14 * k)}q8 26 0 44`, 'none', { stroke: '#5fa052', 'stroke-width': 4 * k, 'stroke-linecap': 'round' });
  // splash crown around the base
  let splash = '';
  for (let i = 0; i < 14; i++) {
    const a = Math.PI + (i / 13) * Math.PI;
    const len = r.range(40, 90) * k;
    const x0 = rx + Math.cos(a) * 110 * k;
    const y0 = ry + Math.sin(a) * 14 * k;
    const x1 = x0 + Math.cos(a) * len * 0.5;
    const y1 = y0 - len;
    splash += path(`M${n(x0 - 7 * k)} ${n(y0)}Q${n(x1)} ${n(y1 + len * 0.4)} ${n(x1)} ${n(y1)}Q${n(x1 + 4 * k)} ${n(y1 + len * 0.5)} ${n(x0 + 7 * k)} ${n(y0)}Z`, d.lin([[0, '#ffffff', 0.9], [1, lighten(c.water, 0.4), 0.6]]));
    splash += prop(d, { kind: 'drop', x: x1 + r.range(-8, 8) * k, y: y1 - r.range(6, 26) * k, r: r.range(4, 8) * k }, h);
  }
  s += ellipse(rx, ry + 2 * k, 130 * k, 20 * k, '#ffffff', { opacity: 0.5 });
  s += splash;
  s += soft(d, rx, ry, obj.obj.w * obj.s * 0.45, 6 * k, '#000', 0.35, 3);
  s += placedMarkup(obj);
  for (let i = 0; i < 12; i++) s += prop(d, { kind: 'drop', x: r.range(0.1, 0.9) * w, y: r.range(0.1, 0.7) * h, r: r.range(3, 9) * u }, h);
  s += vignette(d, w, h, 0.2);
  return s;
}

// ---------------------------------------------------------------------------
// Architecture: the same massing as blueprint (before) and golden hour (after)

interface Box { x: number; y: number; w: number; h: number; dep: number; win: number }

function massing(w: number, h: number): Box[] {
  const u = h / 600;
  const gy = h * 0.8;
  return [
    { x: w * 0.2, y: gy - 150 * u, w: 300 * u, h: 150 * u, dep: 90 * u, win: 4 },
    { x: w * 0.2 - 16 * u, y: gy - 214 * u, w: 140 * u, h: 64 * u, dep: 70 * u, win: 2 },
    { x: w * 0.2 + 130 * u, y: gy - 280 * u, w: 260 * u, h: 130 * u, dep: 80 * u, win: 3 },
  ];
}

function boxFaces(b: Box, u: number) {
  const dx = b.dep * 0.55;
  const dy = b.dep * 0.35;
  return {
    front: `M${n(b.x)} ${n(b.y)}H${n(b.x + b.w)}V${n(b.y + b.h)}H${n(b.x)}Z`,
    side: `M${n(b.x + b.w)} ${n(b.y)}L${n(b.x + b.w + dx)} ${n(b.y - dy)}V${n(b.y + b.h - dy)}L${n(b.x + b.w)} ${n(b.y + b.h)}Z`,
    top: `M${n(b.x)} ${n(b.y)}L${n(b.x + dx)} ${n(b.y - dy)}H${n(b.x + b.w + dx)}L${n(b.x + b.w)} ${n(b.y)}Z`,
    windows: Array.from({ length: b.win }, (_, i) => {
      const pad = 14 * u;
      const ww = (b.w - pad * (b.win + 1)) / b.win;
      return { x: b.x + pad + i * (ww + pad), y: b.y + pad, w: ww, h: b.h - pad * 2 };
    }),
  };
}

export function architecture(d: Doc, w: number, h: number, rendered: boolean): string {
  const u = h / 600;
  const gy = h * 0.8;
  const boxes = massing(w, h);
  let s = '';
  if (!rendered) {
    s += rect(0, 0, w, h, d.lin([[0, '#1f5c99'], [1, '#17497d']]));
    let grid = '';
    for (let x = 0; x <= w; x += 20 * u) grid += `M${n(x)} 0V${h}`;
    for (let y = 0; y <= h; y += 20 * u) grid += `M0 ${n(y)}H${w}`;
    s += path(grid, 'none', { stroke: '#ffffff', 'stroke-width': 0.6 * u, opacity: 0.12 });
    const ln = { stroke: '#e8f1ff', 'stroke-width': 2 * u, fill: 'none' };
    s += path(`M${n(w * 0.06)} ${n(gy)}H${n(w * 0.94)}`, 'none', { ...ln, 'stroke-dasharray': `${n(12 * u)} ${n(6 * u)}` });
    for (const b of boxes) {
      const f = boxFaces(b, u);
      s += path(f.front, 'none', ln) + path(f.side, 'none', ln) + path(f.top, 'none', ln);
      for (const wdw of f.windows) s += rect(wdw.x, wdw.y, wdw.w, wdw.h, 'none', { ...ln, 'stroke-width': 1.2 * u }) + path(`M${n(wdw.x)} ${n(wdw.y)}L${n(wdw.x + wdw.w)} ${n(wdw.y + wdw.h)}`, 'none', { stroke: '#e8f1ff', 'stroke-width': 0.8 * u, opacity: 0.5 });
      // dimension line
      s += path(`M${n(b.x)} ${n(b.y - 22 * u)}H${n(b.x + b.w)}M${n(b.x)} ${n(b.y - 30 * u)}V${n(b.y - 14 * u)}M${n(b.x + b.w)} ${n(b.y - 30 * u)}V${n(b.y - 14 * u)}`, 'none', { stroke: '#9cc3ff', 'stroke-width': 1.2 * u });
    }
    s += path(`M${n(w * 0.06)} ${n(gy + 40 * u)}H${n(w * 0.94)}M${n(w * 0.06)} ${n(gy + 32 * u)}V${n(gy + 48 * u)}M${n(w * 0.94)} ${n(gy + 32 * u)}V${n(gy + 48 * u)}`, 'none', { stroke: '#9cc3ff', 'stroke-width': 1.2 * u });
    const nx = w * 0.88, ny = h * 0.16;
    s += circle(nx, ny, 34 * u, 'none', { stroke: '#e8f1ff', 'stroke-width': 1.5 * u }) + path(`M${n(nx)} ${n(ny - 44 * u)}L${n(nx + 10 * u)} ${n(ny)}L${n(nx)} ${n(ny - 8 * u)}L${n(nx - 10 * u)} ${n(ny)}Z`, '#e8f1ff');
    s += rect(w * 0.7, h * 0.88, w * 0.26, h * 0.08, 'none', { stroke: '#e8f1ff', 'stroke-width': 1.2 * u }) + rect(w * 0.72, h * 0.9, w * 0.12, 5 * u, '#e8f1ff', { opacity: 0.6 }) + rect(w * 0.72, h * 0.925, w * 0.18, 4 * u, '#e8f1ff', { opacity: 0.4 });
    for (let i = 0; i < 4; i++) s += circle(w * (0.08 + i * 0.055), gy - 30 * u, 26 * u, 'none', { stroke: '#e8f1ff', 'stroke-width': 1.2 * u, 'stroke-dasharray': `${n(4 * u)} ${n(4 * u)}` });
    return s;
  }
  s += rect(0, 0, w, h, d.lin([[0, '#2b3f73'], [0.45, '#d9788a'], [0.75, '#f6b26b'], [1, '#fde3a7']]));
  s += circle(w * 0.14, gy - 90 * u, 46 * u, '#fff1c9') + circle(w * 0.14, gy - 90 * u, 140 * u, '#ffcf7a', { opacity: 0.45, filter: d.blur(n(40 * u)) });
  s += path(`M0 ${n(gy - 60 * u)}Q${n(w * 0.3)} ${n(gy - 100 * u)} ${n(w * 0.6)} ${n(gy - 50 * u)}T${n(w)} ${n(gy - 70 * u)}V${n(gy)}H0Z`, '#7c5a7a', { opacity: 0.5 });
  s += rect(0, gy, w, h - gy, d.lin([[0, '#6e8f4e'], [1, '#3f5a35']]));
  // long shadows to the right
  for (const b of boxes) s += path(`M${n(b.x)} ${n(gy)}L${n(b.x + b.w + b.dep * 0.55)} ${n(gy)}L${n(b.x + b.w + 260 * u)} ${n(gy + 70 * u)}L${n(b.x + 160 * u)} ${n(gy + 70 * u)}Z`, '#1f2a1c', { opacity: 0.22, filter: d.blur(n(6 * u)) });
  s += rect(w * 0.2 - 40 * u, gy, 380 * u, 40 * u, '#c9d2d6', { opacity: 0.9 }) + rect(w * 0.2 + 230 * u, gy + 6 * u, 140 * u, 26 * u, d.lin([[0, '#7fd3e6'], [1, '#3fa7c4']]));
  for (const b of boxes) {
    const f = boxFaces(b, u);
    s += path(f.side, d.lin([[0, '#8a7d8c'], [1, '#5e5468']]));
    s += path(f.top, '#f3dcc0');
    s += path(f.front, d.hlin([[0, '#fff0da'], [1, '#e9c9a4']]));
    for (const wdw of f.windows) {
      s += rect(wdw.x, wdw.y, wdw.w, wdw.h, d.lin([[0, '#8fb5d9'], [0.5, '#f0a27a'], [1, '#ffd08a']]));
      s += path(`M${n(wdw.x)} ${n(wdw.y + wdw.h * 0.7)}L${n(wdw.x + wdw.w * 0.6)} ${n(wdw.y)}H${n(wdw.x + wdw.w * 0.8)}L${n(wdw.x)} ${n(wdw.y + wdw.h)}Z`, '#ffffff', { opacity: 0.25 });
      s += rect(wdw.x, wdw.y + wdw.h - 4 * u, wdw.w, 4 * u, '#3a3340', { opacity: 0.5 });
    }
  }
  // trees with warm rim light
  const tree = (x: number, k: number) =>
    rect(x - 3 * k, gy - 60 * k, 6 * k, 60 * k, '#4a3628') + circle(x, gy - 90 * k, 40 * k, d.rad([[0, '#b7c46a'], [0.6, '#5f8a3e'], [1, '#2f5128']], 0.3, 0.35, 0.75));
  s += tree(w * 0.08, u * 1.2) + tree(w * 0.86, u * 1.5) + tree(w * 0.94, u * 1.0);
  s += rect(0, 0, w, h, d.rad([[0, '#ffb86b', 0.25], [1, '#ffb86b', 0]], 0.14, 0.6, 0.7));
  s += vignette(d, w, h, 0.25);
  return s;
}

// ---------------------------------------------------------------------------
// Mascot: the same geometry drawn as a flat sketch (before) or shaded 3D (after)

interface Part { d: string; role: 'body' | 'ear' | 'belly' | 'eye' | 'shine' | 'cheek' | 'arm' | 'foot' | 'leaf' | 'mouth' | 'stem' }

function mascotParts(): Part[] {
  return [
    { d: 'M-14 -318Q-4 -350 -6 -372', role: 'stem' },
    { d: 'M-6 -368C-40 -400 -80 -380 -86 -356C-56 -346 -24 -350 -6 -368Z', role: 'leaf' },
    { d: 'M-4 -368C20 -410 66 -404 74 -380C50 -360 18 -358 -4 -368Z', role: 'leaf' },
    { d: 'M-150 -250a38 38 0 1 1 76 -12a38 38 0 1 1 -76 12Z', role: 'ear' },
    { d: 'M74 -262a38 38 0 1 1 76 12a38 38 0 1 1 -76 -12Z', role: 'ear' },
    { d: 'M-84 -40a36 22 0 1 0 72 0a36 22 0 1 0 -72 0Z', role: 'foot' },
    { d: 'M12 -40a36 22 0 1 0 72 0a36 22 0 1 0 -72 0Z', role: 'foot' },
    { d: 'M0 -330C110 -330 150 -230 150 -160C150 -70 90 -40 0 -40C-90 -40 -150 -70 -150 -160C-150 -230 -110 -330 0 -330Z', role: 'body' },
    { d: 'M0 -180C60 -180 84 -130 80 -100C76 -66 40 -56 0 -56C-40 -56 -76 -66 -80 -100C-84 -130 -60 -180 0 -180Z', role: 'belly' },
    { d: 'M-150 -150C-186 -150 -196 -110 -172 -96C-156 -88 -140 -110 -138 -120Z', role: 'arm' },
    { d: 'M150 -150C186 -150 196 -110 172 -96C156 -88 140 -110 138 -120Z', role: 'arm' },
    { d: 'M-78 -236a22 28 0 1 0 44 0a22 28 0 1 0 -44 0Z', role: 'eye' },
    { d: 'M34 -236a22 28 0 1 0 44 0a22 28 0 1 0 -44 0Z', role: 'eye' },
    { d: 'M-64 -248a8 8 0 1 0 16 0a8 8 0 1 0 -16 0ZM48 -248a8 8 0 1 0 16 0a8 8 0 1 0 -16 0Z', role: 'shine' },
    { d: 'M-112 -196a18 10 0 1 0 36 0a18 10 0 1 0 -36 0ZM76 -196a18 10 0 1 0 36 0a18 10 0 1 0 -36 0Z', role: 'cheek' },
    { d: 'M-22 -200Q0 -176 22 -200', role: 'mouth' },
  ];
}

export function mascot(d: Doc, style: 'sketch' | '3d', color = '#5fd3a8'): Obj {
  const parts = mascotParts();
  let s = '';
  if (style === 'sketch') {
    for (const p of parts) {
      const fill = p.role === 'eye' ? '#3a3a3a' : p.role === 'cheek' ? '#f4a3a3' : p.role === 'shine' ? '#ffffff' : p.role === 'leaf' ? '#9fd9a0' : p.role === 'mouth' || p.role === 'stem' ? 'none' : p.role === 'belly' ? '#f3f7ef' : '#cfeee0';
      if (fill !== 'none' && p.role !== 'shine') s += path(p.d, fill, { opacity: p.role === 'eye' ? 0.9 : 0.55, transform: 'translate(6 4)' });
      if (p.role === 'shine') s += path(p.d, '#ffffff');
      s += path(p.d, 'none', { stroke: '#4a4a4a', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
      s += path(p.d, 'none', { stroke: '#4a4a4a', 'stroke-width': 1.2, opacity: 0.45, transform: 'translate(2.5 -2) rotate(0.6)' });
    }
    s += path('M0 -330V-40M-150 -170Q0 -150 150 -170', 'none', { stroke: '#7aa7d9', 'stroke-width': 1.2, 'stroke-dasharray': '6 6', opacity: 0.7 });
    return { svg: s, w: 350, h: 410 };
  }
  const body = d.rad([[0, lighten(color, 0.5)], [0.45, color], [0.85, darken(color, 0.18)], [1, darken(color, 0.38)]], 0.36, 0.3, 0.78);
  for (const p of parts) {
    switch (p.role) {
      case 'stem': s += path(p.d, 'none', { stroke: '#3f8f4a', 'stroke-width': 7, 'stroke-linecap': 'round' }); break;
      case 'leaf': s += path(p.d, d.lin([[0, '#9be77f'], [1, '#3f9d4a']], { x1: 0, y1: 0, x2: 1, y2: 1 })); break;
      case 'ear': s += path(p.d, body); break;
      case 'foot': s += path(p.d, d.lin([[0, lighten(color, 0.1)], [1, darken(color, 0.3)]])); break;
      case 'body': s += path(p.d, body) + path(p.d, 'none', { stroke: lighten(color, 0.6), 'stroke-width': 5, opacity: 0.35, filter: d.blur(3) }); break;
      case 'belly': s += path(p.d, d.rad([[0, '#ffffff'], [1, lighten(color, 0.55)]], 0.4, 0.3, 0.8)); break;
      case 'arm': s += path(p.d, d.rad([[0, lighten(color, 0.3)], [1, darken(color, 0.25)]], 0.4, 0.3, 0.8)); break;
      case 'eye': s += path(p.d, d.rad([[0, '#3b3b4a'], [1, '#0f0f16']], 0.4, 0.35, 0.7)); break;
      case 'shine': s += path(p.d, '#ffffff') ; break;
      case 'cheek': s += path(p.d, '#ff8fa3', { opacity: 0.55, filter: d.blur(3) }); break;
      case 'mouth': s += path(p.d, 'none', { stroke: '#2a2a35', 'stroke-width': 6, 'stroke-linecap': 'round' }); break;
    }
  }
  s += ellipse(-60, -286, 40, 18, '#ffffff', { opacity: 0.45, filter: d.blur(8), transform: 'rotate(-25 -60 -286)' });
  return { svg: s, w: 350, h: 410 };
}

export function paper(d: Doc, w: number, h: number): string {
  const u = h / 600;
  let s = rect(0, 0, w, h, d.lin([[0, '#f7f4ec'], [1, '#ece6d8']]));
  let lines = '';
  for (let y = 40 * u; y < h; y += 26 * u) lines += `M0 ${n(y)}H${w}`;
  s += path(lines, 'none', { stroke: '#9dbbe0', 'stroke-width': 1 * u, opacity: 0.35 });
  s += path(`M${n(70 * u)} 0V${h}`, 'none', { stroke: '#e58b8b', 'stroke-width': 1.2 * u, opacity: 0.5 });
  s += rect(w * 0.78, h * 0.62, 130 * u, 10 * u, '#3b3b3b', { rx: 5 * u, transform: `rotate(-32 ${n(w * 0.78)} ${n(h * 0.62)})` }) + rect(w * 0.78, h * 0.62, 30 * u, 10 * u, '#e8b64c', { transform: `rotate(-32 ${n(w * 0.78)} ${n(h * 0.62)})` });
  return s;
}

// ---------------------------------------------------------------------------
// Fashion model figure and the coat on a hanger

function coatPath(): string {
  return 'M-62 -470C-80 -466 -96 -452 -100 -430L-112 -300L-122 -190H122L112 -300L100 -430C96 -452 80 -466 62 -470L30 -476H-30Z';
}

export function figure(d: Doc, c: { coat: string; pants: string; skin: string; hair: string; shoe?: string }): Obj {
  const coat = coatPath();
  const skin = d.rad([[0, lighten(c.skin, 0.25)], [1, darken(c.skin, 0.15)]], 0.4, 0.35, 0.7);
  const shoe = c.shoe ?? '#1f1f1f';
  const svg =
    path('M-40 -200L-44 -24H-24L-6 -200ZM6 -200L26 -24H46L40 -200Z', d.hlin([[0, darken(c.pants, 0.2)], [0.5, lighten(c.pants, 0.1)], [1, darken(c.pants, 0.25)]])) +
    path('M-50 -24H-18Q-10 -24 -12 -10L-14 0H-54Q-58 -14 -50 -24Z', shoe) +
    path('M22 -24H52Q60 -14 56 0H18L16 -10Q16 -24 22 -24Z', shoe) +
    rect(-11, -516, 22, 46, skin) +
    path('M-30 -476L0 -400L30 -476Z', lighten(c.skin, 0.05)) +
    path(coat, d.hlin([[0, darken(c.coat, 0.15)], [0.35, lighten(c.coat, 0.12)], [0.7, c.coat], [1, darken(c.coat, 0.22)]])) +
    path('M-30 -476L-4 -380L-40 -320L-62 -440Z', lighten(c.coat, 0.15)) +
    path('M30 -476L4 -380L40 -320L62 -440Z', darken(c.coat, 0.05)) +
    path('M0 -380V-190', 'none', { stroke: darken(c.coat, 0.25), 'stroke-width': 2 }) +
    rect(-110, -330, 220, 16, darken(c.coat, 0.2), { rx: 4 }) + rect(-14, -334, 28, 24, metal(d), { rx: 3 }) +
    path('M-100 -430L-132 -220Q-134 -206 -122 -204L-108 -206L-96 -300Z', d.hlin([[0, darken(c.coat, 0.3)], [1, darken(c.coat, 0.05)]])) +
    path('M100 -430L132 -220Q134 -206 122 -204L108 -206L96 -300Z', d.hlin([[0, c.coat], [1, darken(c.coat, 0.35)]])) +
    ellipse(-118, -196, 11, 15, skin) + ellipse(118, -196, 11, 15, skin) +
    ellipse(0, -546, 29, 36, skin) +
    circle(20, -590, 17, d.lin([[0, lighten(c.hair, 0.25)], [1, c.hair]])) +
    path('M-30 -548C-36 -596 30 -600 31 -556C26 -570 10 -576 -6 -574C-20 -570 -26 -560 -30 -548Z', d.lin([[0, lighten(c.hair, 0.2)], [1, c.hair]])) +
    ellipse(-8, -586, 12, 4, '#ffffff', { opacity: 0.25, filter: d.blur(2) }) +
    streak(d, -80, -440, 8, 200, 0.3, 4);
  return { svg, w: 270, h: 600 };
}

function metal(d: Doc): string {
  return d.hlin([[0, '#8a6a2a'], [0.4, '#f3d58a'], [1, '#8a6a2a']]);
}

export function hangerCoat(d: Doc, c: { coat: string }): Obj {
  const coat = coatPath();
  const svg =
    path('M0 -520V-496M0 -496L-96 -462H96Z', 'none', { stroke: '#8b6b4a', 'stroke-width': 7, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }) +
    rect(-14, -548, 28, 14, '#8d8d8d', { rx: 4 }) +
    path('M0 -520q0 -18 8 -22', 'none', { stroke: '#999', 'stroke-width': 5, 'stroke-linecap': 'round' }) +
    path(coat, d.hlin([[0, darken(c.coat, 0.1)], [0.5, c.coat], [1, darken(c.coat, 0.15)]])) +
    path('M-30 -476L-4 -380L-40 -320L-62 -440Z', lighten(c.coat, 0.1)) +
    path('M30 -476L4 -380L40 -320L62 -440Z', darken(c.coat, 0.05)) +
    rect(-110, -330, 220, 16, darken(c.coat, 0.2), { rx: 4 }) +
    path('M-100 -430L-120 -220L-96 -224L-96 -300Z', darken(c.coat, 0.2)) +
    path('M100 -430L120 -220L96 -224L96 -300Z', darken(c.coat, 0.25)) +
    path('M-60 -300Q-30 -280 -70 -230M50 -280Q70 -250 40 -220', 'none', { stroke: darken(c.coat, 0.3), 'stroke-width': 3, opacity: 0.5 });
  return { svg, w: 250, h: 548 };
}

export { sphere, mix };
