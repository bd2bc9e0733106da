// Product drawers. Every drawer draws in local units with the base of the
// object centred on (0, 0) and the object growing upwards (negative y).
// They return the markup plus the approximate width/height in local units.

import {
  Doc, Rng, n, rect, circle, ellipse, path, g, cyl, metal, vgloss, sphere, streak, cbars, star,
  lighten, darken, mix, rrect,
} from './lib.ts';

export interface Obj {
  svg: string;
  w: number;
  h: number;
}

/** Transparent overlay that gives flat shapes a cylindrical read. */
export function shadeOver(d: Doc, k = 1): string {
  return d.hlin([
    [0, '#000000', 0.28 * k],
    [0.25, '#ffffff', 0.2 * k],
    [0.45, '#ffffff', 0],
    [0.85, '#000000', 0.12 * k],
    [1, '#000000', 0.32 * k],
  ]);
}

// ---------------------------------------------------------------------------
// Cosmetics

export interface BottleOpts { body: string; cap: string; label?: string; accent?: string; dropper?: boolean }

export function bottle(d: Doc, o: BottleOpts): Obj {
  const label = o.label ?? '#ffffff';
  const accent = o.accent ?? darken(o.body, 0.4);
  const body = 'M-56 -14Q-56 0 -42 0H42Q56 0 56 -14V-176Q56 -210 22 -216H-22Q-56 -210 -56 -176Z';
  let top: string;
  let h: number;
  if (o.dropper) {
    top =
      rect(-24, -250, 48, 36, metal(d, o.cap), { rx: 4 }) +
      rect(-26, -222, 52, 6, darken(o.cap, 0.25), { rx: 3 }) +
      path('M-18 -250C-22 -290 -16 -318 0 -320C16 -318 22 -290 18 -250Z', cyl(d, mix(o.cap, '#222222', 0.35))) +
      streak(d, -12, -306, 5, 50, 0.45, 1.5);
    h = 320;
  } else {
    top =
      rect(-24, -246, 48, 32, metal(d, o.cap), { rx: 3 }) +
      rect(-27, -222, 54, 7, darken(o.cap, 0.28), { rx: 3 }) +
      rect(-8, -264, 16, 20, metal(d, o.cap)) +
      path('M-30 -262H26Q32 -262 32 -270V-282Q32 -290 24 -290H-22Q-30 -290 -30 -282Z', cyl(d, o.cap)) +
      rect(-64, -286, 40, 11, cyl(d, o.cap), { rx: 5 }) +
      streak(d, -18, -287, 30, 4, 0.5, 1);
    h = 290;
  }
  const svg =
    path(body, cyl(d, o.body)) +
    rect(-40, -152, 80, 100, label, { rx: 6, opacity: 0.93 }) +
    cbars(0, -134, [46, 30], 7, 7, accent) +
    rect(-22, -98, 44, 2.5, accent, { opacity: 0.5 }) +
    cbars(0, -86, [36, 24], 3.5, 5, accent, { opacity: 0.45 }) +
    rect(-40, -152, 80, 100, shadeOver(d), { rx: 6 }) +
    ellipse(0, -204, 36, 7, '#ffffff', { opacity: 0.28, filter: d.blur(3) }) +
    streak(d, -42, -196, 9, 180, 0.55, 2.5) +
    streak(d, 41, -186, 4, 166, 0.25, 1.5) +
    top;
  return { svg, w: 128, h };
}

export interface PerfumeOpts { liquid: string; cap: string; plate?: string }

export function perfume(d: Doc, o: PerfumeOpts): Obj {
  const plate = o.plate ?? '#d9b26a';
  const outer = rrect(-74, -198, 148, 198, 30);
  const inner = rrect(-60, -164, 120, 150, 18);
  const svg =
    path(outer, d.hlin([[0, lighten(o.liquid, 0.2), 0.7], [0.3, '#ffffff', 0.45], [0.7, lighten(o.liquid, 0.5), 0.4], [1, darken(o.liquid, 0.2), 0.7]])) +
    path(inner, d.lin([[0, lighten(o.liquid, 0.35)], [0.5, o.liquid], [1, darken(o.liquid, 0.3)]])) +
    path(inner, shadeOver(d, 1.2)) +
    ellipse(0, -162, 58, 6, lighten(o.liquid, 0.55), { opacity: 0.8 }) +
    rect(-66, -20, 132, 14, '#ffffff', { opacity: 0.25, rx: 7 }) +
    path(outer, 'none', { stroke: '#ffffff', 'stroke-opacity': 0.6, 'stroke-width': 3 }) +
    rect(-32, -106, 64, 28, metal(d, plate), { rx: 3 }) +
    rect(-24, -94, 48, 3, darken(plate, 0.45), { rx: 1.5, opacity: 0.6 }) +
    streak(d, -60, -186, 10, 168, 0.6, 2.5) +
    streak(d, 56, -180, 5, 150, 0.3, 1.5) +
    rect(-18, -216, 36, 20, metal(d, plate)) +
    path(rrect(-46, -296, 92, 82, 10), cyl(d, o.cap)) +
    rect(-46, -296, 92, 12, '#ffffff', { opacity: 0.18, rx: 6 }) +
    streak(d, -36, -288, 8, 66, 0.45, 2);
  return { svg, w: 150, h: 296 };
}

export interface JarOpts { glass: string; lid: string; accent?: string }

export function jar(d: Doc, o: JarOpts): Obj {
  const accent = o.accent ?? darken(o.glass, 0.45);
  const svg =
    path('M-100 -122V-12A100 13 0 0 0 100 -12V-122Z', cyl(d, o.glass)) +
    rect(-70, -96, 140, 56, '#ffffff', { opacity: 0.8, rx: 4 }) +
    cbars(0, -84, [70, 44], 8, 7, accent) +
    rect(-30, -52, 60, 3, accent, { opacity: 0.45 }) +
    rect(-70, -96, 140, 56, shadeOver(d), { rx: 4 }) +
    path('M-106 -178V-124A106 13 0 0 0 106 -124V-178Z', cyl(d, o.lid)) +
    ellipse(0, -178, 106, 15, d.lin([[0, lighten(o.lid, 0.45)], [1, lighten(o.lid, 0.1)]])) +
    ellipse(0, -178, 80, 9, '#ffffff', { opacity: 0.18, filter: d.blur(3) }) +
    streak(d, -86, -116, 10, 96, 0.5, 2.5) +
    streak(d, -90, -170, 8, 40, 0.4, 2);
  return { svg, w: 212, h: 193 };
}

export interface TubeOpts { body: string; cap: string; accent?: string }

export function tube(d: Doc, o: TubeOpts): Obj {
  const accent = o.accent ?? darken(o.body, 0.45);
  let crimp = '';
  for (let x = -76; x <= 76; x += 8) crimp += rect(x, -336, 2, 16, darken(o.body, 0.18), { opacity: 0.6 });
  const svg =
    path(rrect(-46, -64, 92, 64, 10), cyl(d, o.cap)) +
    rect(-46, -64, 92, 8, '#ffffff', { opacity: 0.2, rx: 4 }) +
    path('M-40 -62C-58 -82 -76 -118 -78 -168L-84 -322H84L78 -168C76 -118 58 -82 40 -62Z', cyl(d, o.body)) +
    rect(-86, -338, 172, 20, vgloss(d, lighten(o.body, 0.05)), { rx: 3 }) +
    crimp +
    cbars(0, -262, [86, 58], 10, 9, accent) +
    cbars(0, -214, [52, 40, 46], 4, 6, accent, { opacity: 0.5 }) +
    circle(0, -130, 16, 'none', { stroke: accent, 'stroke-width': 2, opacity: 0.5 }) +
    streak(d, -62, -310, 11, 210, 0.5, 3) +
    streak(d, 64, -300, 5, 170, 0.25, 2);
  return { svg, w: 172, h: 338 };
}

export interface LipstickOpts { bullet: string; body: string }

export function lipstick(d: Doc, o: LipstickOpts): Obj {
  const svg =
    path(rrect(-32, -120, 64, 120, 6), cyl(d, o.body)) +
    rect(-32, -124, 64, 10, metal(d, '#d8b46a'), { rx: 3 }) +
    rect(-25, -168, 50, 46, metal(d, '#d8b46a')) +
    path('M-20 -166V-214Q-20 -222 -12 -226L20 -244V-166Z', cyl(d, o.bullet)) +
    path('M-20 -214Q-20 -222 -12 -226L20 -244V-236L-12 -220Q-18 -217 -20 -210Z', '#ffffff', { opacity: 0.25 }) +
    streak(d, -24, -112, 7, 100, 0.4, 2);
  return { svg, w: 70, h: 244 };
}

// ---------------------------------------------------------------------------
// Food

export interface CupOpts { cup: string; saucer?: string; coffee?: string; foam?: string }

export function cup(d: Doc, o: CupOpts): Obj {
  const saucer = o.saucer ?? o.cup;
  const foam = o.foam ?? '#f7ead7';
  const heart = (y: number, s: number) =>
    `M0 ${n(y + s * 0.42)}C${n(-s * 1.15)} ${n(y - s * 0.3)} ${n(-s * 0.5)} ${n(y - s * 1.05)} 0 ${n(y - s * 0.45)}C${n(s * 0.5)} ${n(y - s * 1.05)} ${n(s * 1.15)} ${n(y - s * 0.3)} 0 ${n(y + s * 0.42)}Z`;
  const art = g(
    { transform: 'translate(0 -170) scale(1 0.27)' },
    path(heart(52, 50), foam) + path(heart(6, 40), foam) + path(heart(-34, 30), foam) +
      rect(-1.5, -80, 3, 150, mix(foam, '#a8693a', 0.35)) +
      circle(0, 0, 90, 'none', { stroke: foam, 'stroke-width': 8, opacity: 0.55 }),
  );
  const svg =
    ellipse(0, -10, 152, 34, darken(saucer, 0.2)) +
    ellipse(0, -16, 152, 33, d.lin([[0, lighten(saucer, 0.5)], [1, darken(saucer, 0.05)]])) +
    ellipse(0, -18, 92, 19, darken(saucer, 0.12)) +
    ellipse(-40, -28, 70, 8, '#ffffff', { opacity: 0.35, filter: d.blur(4) }) +
    path('M96 -150C170 -158 166 -70 86 -78', 'none', { stroke: cyl(d, o.cup), 'stroke-width': 16, 'stroke-linecap': 'round' }) +
    path('M-106 -170C-106 -82 -86 -34 -60 -24Q0 -10 60 -24C86 -34 106 -82 106 -170Z', cyl(d, o.cup)) +
    ellipse(0, -170, 106, 30, lighten(o.cup, 0.35)) +
    ellipse(0, -168, 95, 25, d.rad([[0, '#c8874d'], [0.7, '#a86532'], [1, '#5a2f15']], 0.5, 0.5, 0.5)) +
    art +
    streak(d, -90, -160, 12, 118, 0.55, 3) +
    streak(d, 86, -150, 4, 90, 0.25, 2);
  return { svg, w: 304, h: 200 };
}

export function steam(d: Doc, x: number, y: number, s = 1): string {
  const p = (dx: number) => `M${n(x + dx)} ${n(y)}c${n(-20 * s)} ${n(-30 * s)} ${n(20 * s)} ${n(-50 * s)} 0 ${n(-80 * s)}s${n(18 * s)} ${n(-55 * s)} ${n(2 * s)} ${n(-85 * s)}`;
  return g({ fill: 'none', stroke: '#ffffff', 'stroke-width': 9 * s, 'stroke-linecap': 'round', opacity: 0.3, filter: d.blur(5 * s) }, path(p(-30 * s), 'none') + path(p(10 * s), 'none') + path(p(45 * s), 'none'));
}

export function burger(d: Doc, seed = 'burger'): Obj {
  const r = new Rng(seed);
  const bun = '#dc9540';
  let drips = '';
  const dripX = [96, 52, 4, -46, -92];
  drips += 'M-132 -74H132L129 -62';
  for (const x of dripX) {
    const len = r.range(14, 30);
    drips += `L${n(x + 10)} -62C${n(x + 8)} ${n(-62 + len)} ${n(x - 8)} ${n(-62 + len)} ${n(x - 10)} -62`;
  }
  drips += 'L-129 -62Z';
  let lettuce = 'M-140 -76';
  for (let x = -140; x < 140; x += 20) lettuce += `Q${n(x + 10)} ${n(-58 - r.range(0, 6))} ${n(x + 20)} -72`;
  lettuce += 'L140 -84';
  for (let x = 140; x > -140; x -= 28) lettuce += `Q${n(x - 14)} -96 ${n(x - 28)} -86`;
  lettuce += 'Z';
  let seeds = '';
  for (let i = 0; i < 22; i++) {
    const a = r.range(-2.6, -0.5);
    const rr = r.range(0.25, 0.92);
    const x = Math.cos(a) * 118 * rr;
    const y = -108 + Math.sin(a) * 80 * rr - 6;
    seeds += ellipse(x, y, 5, 2.4, '#fbf0d6', { transform: `rotate(${n(r.range(-60, 60))} ${n(x)} ${n(y)})` });
  }
  let texture = '';
  for (let i = 0; i < 26; i++) {
    texture += ellipse(r.range(-118, 118), r.range(-60, -34), r.range(3, 8), r.range(1.5, 3), r.next() > 0.5 ? '#2b130a' : '#7d4a2e', { opacity: 0.55 });
  }
  const svg =
    path('M-120 -34C-122 -8 -108 0 -88 0H88C108 0 122 -8 120 -34Z', d.lin([[0, '#f0b466'], [0.5, bun], [1, '#9b5a22']])) +
    path('M-130 -28C-136 -40 -132 -62 -120 -68H120C132 -62 136 -40 130 -28C100 -20 -100 -20 -130 -28Z', d.lin([[0, '#6e3b20'], [0.5, '#4a2412'], [1, '#2a130a']])) +
    texture +
    path(drips, d.lin([[0, '#ffd24a'], [1, '#f29f05']])) +
    path(lettuce, d.lin([[0, '#a6dc5c'], [1, '#4f9a2a']])) +
    path(rrect(-124, -104, 122, 18, 9), d.lin([[0, '#ff6a4d'], [1, '#c4321f']])) +
    path(rrect(2, -106, 122, 18, 9), d.lin([[0, '#ff6a4d'], [1, '#c4321f']])) +
    path('M-126 -100C-130 -124 -112 -190 0 -194C112 -190 130 -124 126 -100C80 -92 -80 -92 -126 -100Z', d.rad([[0, '#f7c57a'], [0.55, bun], [1, '#a4591f']], 0.38, 0.3, 0.8)) +
    seeds +
    ellipse(-46, -164, 44, 12, '#ffffff', { opacity: 0.35, filter: d.blur(6), transform: 'rotate(-14 -46 -164)' });
  return { svg, w: 280, h: 194 };
}

export type BowlKind = 'ramen' | 'bibimbap' | 'salad';

export function bowl(d: Doc, kind: BowlKind, color: string, seed = 'bowl'): Obj {
  const r = new Rng(seed + kind);
  const clip = d.clip(ellipse(0, -116, 148, 40, '#000'));
  let food = '';
  const inE = (fx: number, fy: number) => [fx * 146, -116 + fy * 38] as const;
  if (kind === 'ramen') {
    food += ellipse(0, -116, 150, 42, d.rad([[0, '#f2b45a'], [0.7, '#d6872f'], [1, '#9b5418']], 0.45, 0.4, 0.6));
    for (let i = 0; i < 18; i++) {
      const [x, y] = inE(r.range(-0.8, 0.8), r.range(-0.6, 0.7));
      food += ellipse(x, y, r.range(2, 6), r.range(1, 2.5), '#ffe0a0', { opacity: 0.6 });
    }
    let nood = '';
    for (let i = 0; i < 12; i++) {
      const y0 = -110 + i * 3.2;
      let p = `M${n(-120 + i * 4)} ${n(y0)}`;
      for (let x = -120 + i * 4; x < 10; x += 14) p += `q7 ${n(r.range(-7, 7))} 14 0`;
      nood += path(p, 'none', { stroke: i % 2 ? '#f7dc8c' : '#efcd6c', 'stroke-width': 4.5, 'stroke-linecap': 'round' });
    }
    food += nood;
    for (const [x, y] of [[52, -128], [86, -112]] as const) {
      food += ellipse(x, y, 36, 15, '#8a4526') + ellipse(x, y - 2, 31, 12, '#e9b393') + ellipse(x, y - 2, 18, 6, '#f7d8c2', { opacity: 0.8 });
    }
    for (const [x, y] of [[22, -96], [64, -90]] as const) {
      food += ellipse(x, y, 24, 12, '#fffaf0') + ellipse(x + 1, y, 12, 7, d.rad([[0, '#ffb23a'], [1, '#e07000']]));
    }
    food += circle(-40, -132, 17, '#ffffff') + path('M-40 -132m-9 0a9 9 0 1 1 9 9a5 5 0 1 1 -5 -5', 'none', { stroke: '#f06b8f', 'stroke-width': 3 });
    for (let i = 0; i < 16; i++) {
      const [x, y] = inE(r.range(-0.5, 0.55), r.range(-0.6, 0.6));
      food += ellipse(x, y, 4.5, 2.5, 'none', { stroke: '#5cb338', 'stroke-width': 2.4 });
    }
  } else {
    const base = kind === 'bibimbap' ? '#f4efe2' : '#dfe9c8';
    food += ellipse(0, -116, 150, 42, base);
    const groups = kind === 'bibimbap'
      ? ['#f08a24', '#3f8f3a', '#f3e3a8', '#7a4f32', '#b9d56a', '#7b2f1e']
      : ['#e8423a', '#3f8f3a', '#f6c945', '#7fbf4a', '#8c3fa0', '#f3e3a8'];
    const k = groups.length;
    for (let s = 0; s < k; s++) {
      const a0 = (s / k) * Math.PI * 2 + 0.2;
      const a1 = ((s + 1) / k) * Math.PI * 2 + 0.2;
      let marks = '';
      const col = groups[s] ?? '#888888';
      for (let i = 0; i < 44; i++) {
        const a = r.range(a0 + 0.1, a1 - 0.1);
        const rr = r.range(0.32, 0.95);
        const x = Math.cos(a) * 146 * rr;
        const y = Math.sin(a) * 146 * rr;
        const len = r.range(10, 26);
        const ang = a + r.range(-0.6, 0.6) + Math.PI / 2;
        marks += path(`M${n(x - Math.cos(ang) * len / 2)} ${n(y - Math.sin(ang) * len / 2)}l${n(Math.cos(ang) * len)} ${n(Math.sin(ang) * len)}`, 'none', { stroke: i % 3 === 0 ? lighten(col, 0.3) : i % 3 === 1 ? col : darken(col, 0.12), 'stroke-width': r.range(7, 12), 'stroke-linecap': 'round' });
      }
      food += g({ transform: 'translate(0 -116) scale(1 0.27)' }, path(`M0 0L${n(Math.cos(a0) * 150)} ${n(Math.sin(a0) * 150)}A150 150 0 0 1 ${n(Math.cos(a1) * 150)} ${n(Math.sin(a1) * 150)}Z`, darken(col, 0.3), { opacity: 0.75 }) + marks);
    }
    if (kind === 'bibimbap') {
      food += path('M-34 -118C-40 -134 -10 -142 8 -138C36 -140 44 -124 34 -112C26 -100 -22 -98 -34 -118Z', '#fffdf6') + ellipse(0, -122, 15, 9, d.rad([[0, '#ffc24d'], [1, '#f07d00']], 0.4, 0.35, 0.6)) + ellipse(-4, -125, 5, 2.5, '#ffffff', { opacity: 0.7 });
      food += ellipse(58, -104, 12, 6, '#c92f25');
    } else {
      food += circle(10, -120, 18, sphere(d, '#f2f2f2')) + circle(-30, -108, 12, sphere(d, '#e23b36')) + circle(40, -104, 11, sphere(d, '#e23b36'));
    }
    for (let i = 0; i < 24; i++) {
      const [x, y] = inE(r.range(-0.7, 0.7), r.range(-0.7, 0.7));
      food += ellipse(x, y, 2.2, 1.1, '#fff8e0');
    }
  }
  const nori = kind === 'ramen' ? path('M-92 -196L-44 -190L-40 -128L-96 -132Z', d.lin([[0, '#2f3b2a'], [1, '#141a12']])) + path('M-80 -182L-58 -180', 'none', { stroke: '#4c5b42', 'stroke-width': 2, opacity: 0.6 }) : '';
  const svg =
    path('M-64 -14H64L58 0H-58Z', darken(color, 0.35)) +
    path('M-166 -120C-160 -40 -100 -8 0 -8C100 -8 160 -40 166 -120Z', cyl(d, color, 0.9)) +
    ellipse(0, -120, 166, 48, d.lin([[0, darken(color, 0.1)], [1, lighten(color, 0.35)]])) +
    ellipse(0, -118, 154, 42, darken(color, 0.3)) +
    nori +
    g({ 'clip-path': clip }, food + ellipse(0, -150, 150, 30, '#000', { opacity: 0.12, filter: d.blur(8) })) +
    ellipse(-70, -66, 40, 22, '#ffffff', { opacity: 0.18, filter: d.blur(10) }) +
    (kind === 'ramen' ? path('M60 -200L190 -92', 'none', { stroke: '#c98b4a', 'stroke-width': 7, 'stroke-linecap': 'round' }) + path('M78 -206L200 -104', 'none', { stroke: '#b77a3c', 'stroke-width': 7, 'stroke-linecap': 'round' }) : '');
  return { svg, w: 340, h: kind === 'ramen' ? 206 : 170 };
}

export interface CakeOpts { frost: string; drip: string; berry: string }

export function cake(d: Doc, o: CakeOpts, seed = 'cake'): Obj {
  const r = new Rng(seed);
  const top = -200;
  const R = 108;
  const ry = 26;
  const bumps = Array.from({ length: 9 }, (_, i) => ({ x: -R + 14 + i * ((2 * R - 28) / 8) + r.range(-8, 8), l: r.range(16, 52), w: r.range(7, 11) }));
  let dp = `M${-R} ${top}A${R} ${ry} 0 0 1 ${R} ${top}`;
  for (let x = R; x >= -R; x -= 3) {
    let y = top + ry * Math.sqrt(Math.max(0, 1 - (x / R) ** 2));
    for (const b of bumps) y += b.l * Math.exp(-(((x - b.x) / b.w) ** 4));
    dp += `L${n(x)} ${n(y + 6)}`;
  }
  dp += 'Z';
  let deco = '';
  for (let i = 0; i < 7; i++) {
    const a = Math.PI + (i / 6) * Math.PI;
    const x = Math.cos(a) * 80;
    const y = top + Math.sin(a) * 17 - 6;
    deco += circle(x, y + 2, 13, sphere(d, '#fffaf2', 0.6)) + path(`M${n(x - 8)} ${n(y)}q8 -10 16 0`, 'none', { stroke: '#e9ddd0', 'stroke-width': 2 });
  }
  deco += circle(-18, top - 14, 17, sphere(d, o.berry)) + circle(14, top - 8, 15, sphere(d, o.berry)) + circle(-2, top + 6, 14, sphere(d, darken(o.berry, 0.1)));
  deco += path(`M20 ${top - 22}q14 -16 30 -6q-14 12 -30 6Z`, '#4caf50') + path(`M-34 ${top - 26}q-16 -12 -28 2q16 8 28 -2Z`, '#3e9b45');
  const svg =
    ellipse(0, -6, 52, 10, darken('#e9e4df', 0.2)) +
    path('M-14 -60H14L20 -8H-20Z', cyl(d, '#efeae4')) +
    ellipse(0, -64, 138, 24, darken('#f2eee9', 0.18)) +
    ellipse(0, -70, 138, 23, d.lin([[0, '#ffffff'], [1, '#ddd6cf']])) +
    path(`M${-R} -84V${top}A${R} ${ry} 0 0 1 ${R} ${top}V-84A${R} ${ry} 0 0 1 ${-R} -84Z`, cyl(d, o.frost, 0.8)) +
    path(dp, cyl(d, o.drip, 0.9)) +
    ellipse(-30, top - 4, 50, 8, '#ffffff', { opacity: 0.25, filter: d.blur(3) }) +
    streak(d, -92, top + 40, 10, 90, 0.35, 3) +
    deco;
  return { svg, w: 276, h: -top + 40 };
}

export function pizza(d: Doc, seed = 'pizza'): Obj {
  const r = new Rng(seed);
  let top = '';
  for (let i = 0; i < 11; i++) {
    const a = r.range(0, Math.PI * 2);
    const rr = r.range(20, 110);
    top += circle(Math.cos(a) * rr, Math.sin(a) * rr, r.range(13, 17), sphere(d, '#c0392b', 0.7));
  }
  for (let i = 0; i < 9; i++) {
    const a = r.range(0, Math.PI * 2);
    const rr = r.range(20, 110);
    const x = Math.cos(a) * rr;
    const y = Math.sin(a) * rr;
    top += path(`M${n(x)} ${n(y)}q10 -14 22 -4q-10 12 -22 4Z`, '#3f9b3f', { transform: `rotate(${n(r.range(0, 360))} ${n(x)} ${n(y)})` });
  }
  for (let i = 0; i < 8; i++) top += circle(r.range(-90, 90), r.range(-90, 90), r.range(4, 6), '#1e1e1e', { opacity: 0.85 });
  const svg = g(
    { transform: 'translate(0 -60) scale(1 0.5)' },
    circle(0, 10, 150, '#00000033') +
      circle(0, 0, 150, d.rad([[0, '#f3c07a'], [0.85, '#d58a3c'], [1, '#a45b20']])) +
      circle(0, 0, 128, d.rad([[0, '#ffe08a'], [0.7, '#f5c24f'], [1, '#e09a2c']])) +
      top,
  );
  return { svg, w: 300, h: 140 };
}

export interface DrinkOpts { drink: string; cream?: string }

export function drink(d: Doc, o: DrinkOpts, seed = 'drink'): Obj {
  const r = new Rng(seed);
  let ice = '';
  for (let i = 0; i < 5; i++) {
    const x = r.range(-40, 40);
    const y = r.range(-210, -120);
    ice += rect(x - 16, y - 16, 32, 32, '#ffffff', { opacity: 0.35, rx: 6, transform: `rotate(${n(r.range(-30, 30))} ${n(x)} ${n(y)})` });
  }
  const cupPath = 'M-72 -250L-56 -8Q-55 0 -46 0H46Q55 0 56 -8L72 -250Z';
  const svg =
    rect(8, -330, 12, 120, '#2f9e6a', { rx: 6, transform: 'rotate(14 14 -270)' }) +
    path(cupPath, d.lin([[0, lighten(o.drink, 0.2)], [0.45, o.drink], [1, darken(o.drink, 0.35)]])) +
    (o.cream ? path('M-70 -250L-66 -180Q0 -165 66 -180L70 -250Z', o.cream, { opacity: 0.95 }) : '') +
    ice +
    path(cupPath, shadeOver(d, 0.8)) +
    ellipse(0, -250, 72, 12, lighten(o.drink, 0.4), { opacity: 0.9 }) +
    path(cupPath, 'none', { stroke: '#ffffff', 'stroke-opacity': 0.55, 'stroke-width': 2.5 }) +
    streak(d, -60, -236, 9, 200, 0.5, 2.5);
  return { svg, w: 146, h: 330 };
}

export interface WineOpts { wine: string }

export function wineglass(d: Doc, o: WineOpts): Obj {
  const bowlP = 'M-74 -330C-80 -250 -70 -186 0 -176C70 -186 80 -250 74 -330Z';
  const clip = d.clip(path(bowlP, '#000'));
  const svg =
    ellipse(0, -6, 64, 13, '#ffffff', { opacity: 0.12 }) +
    ellipse(0, -6, 64, 13, 'none', { stroke: '#ffffff', 'stroke-opacity': 0.6, 'stroke-width': 2 }) +
    path('M-5 -178Q-3 -90 -6 -10H6Q3 -90 5 -178Z', d.hlin([[0, '#ffffff', 0.5], [0.5, '#ffffff', 0.15], [1, '#ffffff', 0.45]])) +
    path(bowlP, '#ffffff', { opacity: 0.08 }) +
    g({ 'clip-path': clip },
      rect(-90, -262, 180, 100, d.lin([[0, lighten(o.wine, 0.15)], [0.6, o.wine], [1, darken(o.wine, 0.5)]])) +
      ellipse(0, -262, 76, 11, lighten(o.wine, 0.3)) +
      ellipse(-20, -262, 40, 4, '#ffffff', { opacity: 0.35 }) +
      rect(-90, -262, 180, 100, shadeOver(d, 1.1))) +
    path(bowlP, 'none', { stroke: '#ffffff', 'stroke-opacity': 0.6, 'stroke-width': 2.2 }) +
    ellipse(0, -330, 74, 10, 'none', { stroke: '#ffffff', 'stroke-opacity': 0.7, 'stroke-width': 2 }) +
    path('M-58 -310C-64 -260 -60 -220 -40 -200', 'none', { stroke: '#ffffff', 'stroke-width': 6, 'stroke-linecap': 'round', opacity: 0.55, filter: d.blur(1.5) }) +
    path('M56 -300C60 -270 58 -240 48 -220', 'none', { stroke: '#ffffff', 'stroke-width': 3, 'stroke-linecap': 'round', opacity: 0.35 });
  return { svg, w: 160, h: 340 };
}

// ---------------------------------------------------------------------------
// Fashion & accessories

export interface SneakerOpts { upper: string; accent: string; sole?: string }

export function sneaker(d: Doc, o: SneakerOpts): Obj {
  const sole = o.sole ?? '#f5f4f1';
  const upperP = 'M-150 -44C-158 -72 -130 -88 -96 -94C-66 -100 -40 -112 -10 -128L34 -148C40 -166 60 -168 68 -152C92 -138 120 -134 140 -140C154 -142 160 -120 158 -54Z';
  let laces = '';
  for (let i = 0; i < 5; i++) {
    const x = -34 + i * 16;
    const y = -114 - i * 8;
    laces += circle(x - 8, y + 10, 3, darken(o.upper, 0.45)) + rect(x - 16, y - 3, 30, 7, lighten(sole, 0.2), { rx: 3.5, transform: `rotate(-58 ${n(x)} ${n(y)})` });
  }
  const svg =
    path('M-152 -22C-154 -6 -142 0 -126 0H134C148 0 158 -8 156 -24Z', darken(o.accent, 0.2)) +
    path(upperP, vgloss(d, o.upper, 1.2)) +
    path(upperP, d.lin([[0, '#000000', 0], [0.7, '#000000', 0], [1, '#000000', 0.22]])) +
    path('M-150 -44C-158 -72 -130 -88 -96 -94C-88 -72 -92 -58 -104 -44Z', lighten(o.upper, 0.18), { stroke: darken(o.upper, 0.2), 'stroke-width': 1.5, 'stroke-dasharray': '4 4' }) +
    path('M158 -54C160 -112 152 -140 140 -140C118 -120 110 -84 114 -54Z', darken(o.upper, 0.18)) +
    path('M-76 -48C-20 -60 42 -90 118 -122C108 -92 66 -66 10 -46Z', vgloss(d, o.accent)) +
    path('M68 -152C92 -138 120 -134 140 -140', 'none', { stroke: darken(o.upper, 0.4), 'stroke-width': 9, 'stroke-linecap': 'round' }) +
    laces +
    path('M-152 -40C-160 -24 -150 -14 -132 -14H140C154 -14 160 -26 158 -56L-140 -46Z', vgloss(d, sole, 0.6)) +
    path('M-140 -28H146', 'none', { stroke: darken(sole, 0.14), 'stroke-width': 2 }) +
    path('M-128 -90C-100 -98 -60 -104 -24 -124', 'none', { stroke: '#ffffff', 'stroke-width': 5, 'stroke-linecap': 'round', opacity: 0.45, filter: d.blur(2) }) +
    path('M84 -132C104 -126 124 -128 140 -134', 'none', { stroke: '#ffffff', 'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.35, filter: d.blur(1.5) });
  return { svg, w: 316, h: 168 };
}

export interface BagOpts { leather: string; metal?: string }

export function handbag(d: Doc, o: BagOpts): Obj {
  const m = o.metal ?? '#d9b26a';
  const body = 'M-132 0Q-142 0 -140 -12L-112 -170Q-110 -180 -96 -180H96Q110 -180 112 -170L140 -12Q142 0 132 0Z';
  const svg =
    path('M-70 -178C-72 -290 72 -290 70 -178', 'none', { stroke: darken(o.leather, 0.25), 'stroke-width': 15, 'stroke-linecap': 'round' }) +
    path('M-70 -178C-72 -290 72 -290 70 -178', 'none', { stroke: lighten(o.leather, 0.25), 'stroke-width': 4, 'stroke-linecap': 'round', opacity: 0.5, transform: 'translate(-3 -3)' }) +
    path(body, d.lin([[0, lighten(o.leather, 0.12)], [1, darken(o.leather, 0.22)]])) +
    path(body, shadeOver(d, 0.9)) +
    path('M-114 -178H114L122 -106Q0 -60 -122 -106Z', d.lin([[0, darken(o.leather, 0.05)], [1, darken(o.leather, 0.2)]])) +
    path('M-114 -170H114M-116 -112Q0 -70 116 -112', 'none', { stroke: lighten(o.leather, 0.35), 'stroke-width': 1.6, 'stroke-dasharray': '5 4', opacity: 0.7 }) +
    path(rrect(-20, -96, 40, 28, 6), metal(d, m)) +
    circle(0, -82, 5, darken(m, 0.4)) +
    rect(-78, -190, 16, 14, metal(d, m), { rx: 3 }) +
    rect(62, -190, 16, 14, metal(d, m), { rx: 3 }) +
    streak(d, -118, -150, 9, 130, 0.35, 3);
  return { svg, w: 282, h: 276 };
}

export interface WatchOpts { caseC: string; dial: string; strap: string; accent?: string }

export function watch(d: Doc, o: WatchOpts): Obj {
  const cy = -160;
  const accent = o.accent ?? '#ff5a3c';
  let idx = '';
  for (let i = 0; i < 12; i++) {
    const a = i * 30;
    const big = i % 3 === 0;
    idx += rect(-2.5 * (big ? 1.4 : 1), cy - 66, 5 * (big ? 1.4 : 1), big ? 15 : 10, lighten(o.caseC, 0.5), { rx: 1.5, transform: `rotate(${a} 0 ${cy})` });
  }
  const hand = (len: number, w: number, a: number, c: string) =>
    path(`M${n(-w / 2)} ${cy + 10}L${n(-w / 3)} ${cy - len}L0 ${cy - len - 6}L${n(w / 3)} ${cy - len}L${n(w / 2)} ${cy + 10}Z`, c, { transform: `rotate(${a} 0 ${cy})` });
  const strapP = (y0: number, y1: number, wa: number, wb: number) => `M${-wa} ${y0}H${wa}L${wb} ${y1}H${-wb}Z`;
  const ring = d.lin([[0, lighten(o.caseC, 0.65)], [0.35, o.caseC], [0.55, darken(o.caseC, 0.35)], [0.8, lighten(o.caseC, 0.3)], [1, darken(o.caseC, 0.45)]], { x1: 0, y1: 0, x2: 1, y2: 1 });
  const svg =
    path(strapP(-330, -238, 40, 46), cyl(d, o.strap, 0.7)) +
    path(strapP(-82, 0, 46, 40), cyl(d, o.strap, 0.7)) +
    path('M-34 -326V-244M34 -326V-244M-36 -78V-6M36 -78V-6', 'none', { stroke: lighten(o.strap, 0.35), 'stroke-width': 1.5, 'stroke-dasharray': '5 4', opacity: 0.7 }) +
    rect(-50, -252, 100, 30, metal(d, o.caseC), { rx: 8 }) +
    rect(-50, -98, 100, 30, metal(d, o.caseC), { rx: 8 }) +
    rect(86, cy - 14, 16, 28, metal(d, o.caseC), { rx: 4 }) +
    circle(0, cy, 94, ring) +
    circle(0, cy, 85, d.lin([[0, darken(o.caseC, 0.4)], [1, lighten(o.caseC, 0.3)]], { x1: 0, y1: 0, x2: 1, y2: 1 })) +
    circle(0, cy, 76, d.rad([[0, lighten(o.dial, 0.35)], [0.6, o.dial], [1, darken(o.dial, 0.45)]], 0.4, 0.35, 0.7)) +
    idx +
    hand(40, 9, -62, lighten(o.caseC, 0.55)) +
    hand(60, 7, 58, lighten(o.caseC, 0.55)) +
    rect(-1.2, cy - 66, 2.4, 80, accent, { transform: `rotate(196 0 ${cy})` }) +
    circle(0, cy, 6, metal(d, o.caseC)) +
    path(`M-62 ${cy - 34}A72 72 0 0 1 36 ${cy - 62}Q-10 ${cy - 40} -62 ${cy - 34}Z`, '#ffffff', { opacity: 0.22 });
  return { svg, w: 210, h: 330 };
}

export interface GlassesOpts { frame: string; lens: string }

export function sunglasses(d: Doc, o: GlassesOpts): Obj {
  const lens = (x: number) => `M${x - 62} -100C${x - 64} -40 ${x - 40} -20 ${x} -22C${x + 40} -20 ${x + 64} -40 ${x + 62} -100C${x + 40} -108 ${x - 40} -108 ${x - 62} -100Z`;
  const lensFill = d.lin([[0, lighten(o.lens, 0.15)], [1, darken(o.lens, 0.45)]]);
  const svg =
    path('M-142 -98L-170 -112M142 -98L170 -112', 'none', { stroke: o.frame, 'stroke-width': 8, 'stroke-linecap': 'round' }) +
    path(lens(-72), lensFill, { stroke: o.frame, 'stroke-width': 9 }) +
    path(lens(72), lensFill, { stroke: o.frame, 'stroke-width': 9 }) +
    path('M-14 -92Q0 -104 14 -92', 'none', { stroke: o.frame, 'stroke-width': 8 }) +
    path('M-112 -88Q-92 -96 -70 -92', 'none', { stroke: '#ffffff', 'stroke-width': 6, opacity: 0.45, 'stroke-linecap': 'round' }) +
    path('M32 -88Q52 -96 74 -92', 'none', { stroke: '#ffffff', 'stroke-width': 6, opacity: 0.45, 'stroke-linecap': 'round' });
  return { svg, w: 340, h: 112 };
}

export interface DressOpts { dress: string; hanger?: string }

export function dress(d: Doc, o: DressOpts): Obj {
  const dp = 'M-40 -300C-50 -280 -62 -262 -60 -236C-58 -212 -48 -196 -44 -176C-90 -110 -120 -50 -128 0H128C120 -50 90 -110 44 -176C48 -196 58 -212 60 -236C62 -262 50 -280 40 -300C26 -284 -26 -284 -40 -300Z';
  let folds = '';
  for (const x of [-70, -30, 10, 50, 86]) folds += path(`M${x / 3} -170Q${x} -90 ${x * 1.3} 0`, 'none', { stroke: darken(o.dress, 0.25), 'stroke-width': 5, opacity: 0.35, filter: d.blur(3) });
  const svg =
    path('M0 -360V-338M0 -338L-70 -300H70Z', 'none', { stroke: o.hanger ?? '#b88a5a', 'stroke-width': 6, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }) +
    path('M0 -360q0 -16 12 -14', 'none', { stroke: '#a0a0a0', 'stroke-width': 4, 'stroke-linecap': 'round' }) +
    path(dp, d.lin([[0, lighten(o.dress, 0.15)], [1, darken(o.dress, 0.15)]])) +
    path(dp, shadeOver(d, 0.8)) +
    folds +
    path('M-46 -182Q0 -170 46 -182', 'none', { stroke: darken(o.dress, 0.35), 'stroke-width': 6 });
  return { svg, w: 260, h: 372 };
}

// ---------------------------------------------------------------------------
// Electronics, home, pets, flowers, books

export interface PhonesOpts { shell: string; cushion: string; accent: string }

export function headphones(d: Doc, o: PhonesOpts): Obj {
  const cupL = (x: number, flip: number) =>
    path(rrect(x - 34, -160, 68, 150, 32), cyl(d, o.shell)) +
    path(rrect(x + flip * 24 - 13, -150, 26, 130, 13), d.lin([[0, lighten(o.cushion, 0.15)], [1, darken(o.cushion, 0.3)]])) +
    ellipse(x - flip * 4, -85, 20, 48, 'none', { stroke: o.accent, 'stroke-width': 4, opacity: 0.9 }) +
    streak(d, x - 26, -146, 8, 110, 0.4, 2.5);
  const svg =
    path('M-126 -136C-132 -318 132 -318 126 -136', 'none', { stroke: vgloss(d, o.shell), 'stroke-width': 22, 'stroke-linecap': 'round' }) +
    path('M-110 -170C-112 -290 112 -290 110 -170', 'none', { stroke: darken(o.cushion, 0.15), 'stroke-width': 13, 'stroke-linecap': 'round' }) +
    rect(-138, -178, 20, 36, metal(d, '#bfc5cc'), { rx: 5 }) +
    rect(118, -178, 20, 36, metal(d, '#bfc5cc'), { rx: 5 }) +
    cupL(-128, 1) +
    cupL(128, -1);
  return { svg, w: 330, h: 300 };
}

export interface PhoneOpts { body: string; screen: [string, string] }

export function phone(d: Doc, o: PhoneOpts): Obj {
  const svg =
    path(rrect(-80, -330, 160, 330, 26), metal(d, o.body)) +
    path(rrect(-74, -324, 148, 318, 21), '#0d0f12') +
    path(rrect(-68, -318, 136, 306, 17), d.lin([[0, o.screen[0]], [1, o.screen[1]]], { x1: 0, y1: 0, x2: 1, y2: 1 })) +
    circle(-10, -200, 50, '#ffffff', { opacity: 0.18 }) +
    circle(30, -160, 34, '#ffffff', { opacity: 0.14 }) +
    rect(-22, -312, 44, 10, '#0d0f12', { rx: 5 }) +
    cbars(0, -96, [90, 60], 8, 8, '#ffffff', { opacity: 0.7 }) +
    rect(-40, -52, 80, 22, '#ffffff', { rx: 11, opacity: 0.9 }) +
    path('M-68 -318L40 -318L-68 -120Z', '#ffffff', { opacity: 0.08 }) +
    rect(80, -260, 4, 40, darken(o.body, 0.2), { rx: 2 });
  return { svg, w: 168, h: 330 };
}

export interface PlantOpts { pot: string; leaf: string }

export function plant(d: Doc, o: PlantOpts, seed = 'plant'): Obj {
  const r = new Rng(seed);
  let leaves = '';
  const n0 = 9;
  for (let i = 0; i < n0; i++) {
    const a = -90 + (i - (n0 - 1) / 2) * 17 + r.range(-6, 6);
    const len = r.range(120, 190);
    const c = i % 2 ? o.leaf : darken(o.leaf, 0.18);
    leaves += g(
      { transform: `translate(0 -120) rotate(${n(a + 90)})` },
      path(`M0 0C${n(-len * 0.28)} ${n(-len * 0.4)} ${n(-len * 0.2)} ${n(-len * 0.85)} 0 ${n(-len)}C${n(len * 0.2)} ${n(-len * 0.85)} ${n(len * 0.28)} ${n(-len * 0.4)} 0 0Z`, d.hlin([[0, darken(c, 0.2)], [0.5, lighten(c, 0.15)], [1, darken(c, 0.1)]])) +
        path(`M0 -4V${n(-len * 0.9)}`, 'none', { stroke: lighten(c, 0.35), 'stroke-width': 2, opacity: 0.6 }),
    );
  }
  const svg =
    leaves +
    path('M-74 -132H74L60 -10Q58 0 48 0H-48Q-58 0 -60 -10Z', cyl(d, o.pot)) +
    rect(-80, -140, 160, 20, cyl(d, lighten(o.pot, 0.08)), { rx: 5 }) +
    streak(d, -58, -118, 8, 100, 0.35, 2.5);
  return { svg, w: 300, h: 330 };
}

export interface CatOpts { fur: string; belly?: string }

export function cat(d: Doc, o: CatOpts): Obj {
  const belly = o.belly ?? lighten(o.fur, 0.55);
  const furG = d.rad([[0, lighten(o.fur, 0.3)], [0.7, o.fur], [1, darken(o.fur, 0.3)]], 0.38, 0.3, 0.8);
  const svg =
    path('M60 -20C130 -20 150 -80 120 -110C110 -120 100 -112 108 -100C124 -78 110 -44 60 -44Z', d.lin([[0, o.fur], [1, darken(o.fur, 0.25)]])) +
    path('M-76 0C-94 -70 -70 -150 0 -156C70 -150 94 -70 76 0Z', furG) +
    path('M-30 0C-40 -50 -24 -100 0 -104C24 -100 40 -50 30 0Z', belly, { opacity: 0.9 }) +
    ellipse(-34, -4, 22, 10, lighten(o.fur, 0.2)) +
    ellipse(34, -4, 22, 10, lighten(o.fur, 0.2)) +
    path('M-64 -226L-70 -288L-22 -252Z', furG) +
    path('M64 -226L70 -288L22 -252Z', furG) +
    path('M-58 -236L-62 -274L-32 -252Z', '#f3a5a5', { opacity: 0.8 }) +
    path('M58 -236L62 -274L32 -252Z', '#f3a5a5', { opacity: 0.8 }) +
    ellipse(0, -206, 78, 66, furG) +
    ellipse(0, -186, 34, 22, belly, { opacity: 0.8 }) +
    path('M-40 -214q12 10 24 0M16 -214q12 10 24 0', 'none', { stroke: '#2a2320', 'stroke-width': 4.5, 'stroke-linecap': 'round' }) +
    path('M-6 -196h12l-6 7Z', '#e58a8a') +
    path('M-30 -186l-34 -4M-30 -180l-34 6M30 -186l34 -4M30 -180l34 6', 'none', { stroke: '#ffffff', 'stroke-width': 1.6, opacity: 0.8 }) +
    ellipse(-30, -246, 24, 10, '#ffffff', { opacity: 0.25, filter: d.blur(4) });
  return { svg, w: 300, h: 290 };
}

export interface BouquetOpts { colors: string[]; wrap: string }

export function bouquet(d: Doc, o: BouquetOpts, seed = 'flowers'): Obj {
  const r = new Rng(seed);
  let blooms = '';
  const spots: Array<[number, number]> = [[-60, -250], [0, -280], [60, -252], [-30, -210], [32, -214], [-90, -206], [92, -204], [0, -236]];
  let leaves = '';
  for (let i = 0; i < 8; i++) {
    const a = -150 + i * 17 + r.range(-5, 5);
    leaves += g({ transform: `translate(0 -150) rotate(${n(a + 90)})` }, path('M0 0C-26 -40 -18 -110 0 -140C18 -110 26 -40 0 0Z', d.hlin([[0, '#2f7d3a'], [0.5, '#5fb85c'], [1, '#2f7d3a']])));
  }
  spots.forEach(([x, y], i) => {
    const c = o.colors[i % o.colors.length] ?? '#f4a6b8';
    const pr = r.range(26, 34);
    let petals = '';
    for (let k = 0; k < 6; k++) petals += ellipse(0, -pr * 0.55, pr * 0.42, pr * 0.62, d.lin([[0, lighten(c, 0.35)], [1, c]]), { transform: `rotate(${k * 60 + r.range(-8, 8)})` });
    blooms += g({ transform: `translate(${x} ${y}) rotate(${n(r.range(0, 60))})` }, petals + circle(0, 0, pr * 0.3, d.rad([[0, '#fff1b8'], [1, '#e0a53a']])));
  });
  const svg =
    leaves +
    blooms +
    path('M-110 -190L0 0L110 -190Q60 -160 0 -170Q-60 -160 -110 -190Z', d.hlin([[0, darken(o.wrap, 0.15)], [0.4, lighten(o.wrap, 0.2)], [1, darken(o.wrap, 0.2)]])) +
    path('M-110 -190L-20 -150L0 0Z', lighten(o.wrap, 0.3), { opacity: 0.5 }) +
    path('M-30 -74Q0 -62 30 -74L26 -60Q0 -50 -26 -60Z', darken(o.wrap, 0.35));
  return { svg, w: 260, h: 320 };
}

export interface BooksOpts { colors: string[] }

export function books(d: Doc, o: BooksOpts): Obj {
  const specs = [
    { w: 250, h: 44, x: 0 },
    { w: 226, h: 38, x: 12 },
    { w: 240, h: 48, x: -8 },
    { w: 206, h: 36, x: 6 },
  ];
  let y = 0;
  let svg = '';
  specs.forEach((s, i) => {
    const c = o.colors[i % o.colors.length] ?? '#264653';
    y -= s.h;
    svg +=
      rect(s.x - s.w / 2, y, s.w, s.h, vgloss(d, c), { rx: 4 }) +
      rect(s.x + s.w / 2 - 14, y + 5, 12, s.h - 10, '#f6f0e4') +
      path(`M${s.x + s.w / 2 - 12} ${y + 10}h10M${s.x + s.w / 2 - 12} ${y + 16}h10M${s.x + s.w / 2 - 12} ${y + 22}h10`, 'none', { stroke: '#d6cdb9', 'stroke-width': 1.2 }) +
      rect(s.x - s.w / 2 + 20, y + s.h / 2 - 3, s.w * 0.35, 6, lighten(c, 0.5), { rx: 3, opacity: 0.8 }) +
      rect(s.x - s.w / 2 + 14, y, 4, s.h, darken(c, 0.3), { opacity: 0.4 });
  });
  svg += g({ transform: `translate(40 ${y}) scale(0.38)` }, cup(d, { cup: '#f4efe8' }).svg);
  return { svg, w: 260, h: -y + 80 };
}

export interface LampOpts { shade: string; base: string }

export function lamp(d: Doc, o: LampOpts): Obj {
  const svg =
    ellipse(0, -8, 70, 14, cyl(d, o.base)) +
    rect(-70, -16, 140, 10, cyl(d, o.base), { rx: 5 }) +
    rect(-5, -250, 10, 240, metal(d, '#caa66a')) +
    path('M-96 -230L-60 -340H60L96 -230Z', cyl(d, o.shade, 0.7)) +
    ellipse(0, -230, 96, 14, lighten(o.shade, 0.6)) +
    ellipse(0, -200, 120, 60, '#fff3c4', { opacity: 0.35, filter: d.blur(20) });
  return { svg, w: 200, h: 340 };
}

export interface CandleOpts { glass: string; wax: string }

export function candle(d: Doc, o: CandleOpts): Obj {
  const svg =
    path('M-80 -170V-10A80 12 0 0 0 80 -10V-170Z', cyl(d, o.glass)) +
    ellipse(0, -150, 76, 11, lighten(o.wax, 0.2)) +
    rect(-2, -176, 4, 24, '#2a2a2a') +
    path('M0 -220C-14 -196 -10 -178 0 -176C10 -178 14 -196 0 -220Z', d.lin([[0, '#fff6c0'], [1, '#ff9d2a']])) +
    ellipse(0, -190, 60, 60, '#ffcc66', { opacity: 0.25, filter: d.blur(14) }) +
    rect(-56, -110, 112, 54, '#ffffff', { opacity: 0.85, rx: 4 }) +
    cbars(0, -98, [60, 40], 7, 7, darken(o.glass, 0.5)) +
    streak(d, -66, -160, 9, 140, 0.45, 2.5);
  return { svg, w: 160, h: 220 };
}

// ---------------------------------------------------------------------------
// Korean food, bakery, kitchenware, knitwear, kids' wear, cushion compact

/** Wobbly closed blob around (0, 0): fried food, bread, sponges. */
function blob(r: Rng, rx: number, ry: number, wobble: number, points = 14): string {
  const pts = Array.from({ length: points }, (_, i) => {
    const a = (i / points) * Math.PI * 2;
    const k = 1 + r.range(-wobble, wobble);
    return [Math.cos(a) * rx * k, Math.sin(a) * ry * k] as const;
  });
  let p = '';
  pts.forEach(([x, y], i) => {
    const [nx, ny] = pts[(i + 1) % points]!;
    p += i === 0 ? `M${n((x + nx) / 2)} ${n((y + ny) / 2)}` : '';
    const [mx, my] = [(x + nx) / 2, (y + ny) / 2];
    if (i > 0) p += `Q${n(x)} ${n(y)} ${n(mx)} ${n(my)}`;
  });
  const [x0, y0] = pts[0]!;
  const [x1, y1] = pts[1]!;
  return `${p}Q${n(x0)} ${n(y0)} ${n((x0 + x1) / 2)} ${n((y0 + y1) / 2)}Z`;
}

/** Samgyeopsal on a round grill over charcoal, with lettuce and ssamjang: a Korean BBQ table. */
export function grill(d: Doc, seed = 'grill'): Obj {
  const r = new Rng(seed);
  const cy = -112;
  const R = 176;
  const k = 0.46;
  const top = (inner: string) => g({ transform: `translate(0 ${cy}) scale(1 ${k})` }, inner);
  let ridges = '';
  for (let x = -156; x <= 156; x += 19) {
    const h = Math.sqrt(Math.max(0, 162 ** 2 - x ** 2));
    ridges += path(`M${x} ${n(-h)}V${n(h)}`, 'none', { stroke: '#121212', 'stroke-width': 7 }) + path(`M${x + 4} ${n(-h)}V${n(h)}`, 'none', { stroke: '#5b5b5b', 'stroke-width': 2, opacity: 0.7 });
  }
  const layers = d.lin([
    [0, '#8e3f22'], [0.16, '#b4582f'], [0.17, '#f4e2c8'], [0.34, '#efd6b6'], [0.35, '#c26a3c'],
    [0.6, '#a9532c'], [0.61, '#f4e2c8'], [0.76, '#ecd2b0'], [0.77, '#b35a31'], [1, '#86391d'],
  ]);
  const strip = (x: number, y: number, rot: number, len: number) =>
    g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(rot)})` },
      rect(-len / 2 + 3, -28, len, 68, '#3a180a', { rx: 22, opacity: 0.55, filter: d.blur(4) }) +
      rect(-len / 2, -34, len, 68, layers, { rx: 22 }) +
      rect(-len / 2, -34, len, 68, d.rad([[0, '#000000', 0], [0.7, '#3b1606', 0.05], [1, '#3b1606', 0.45]]), { rx: 22 }) +
      Array.from({ length: Math.floor(len / 36) }, (_, i) => path(`M${n(-len / 2 + 26 + i * 36)} -28l-12 56`, 'none', { stroke: '#4a1d0b', 'stroke-width': 6, 'stroke-linecap': 'round', opacity: 0.5 })).join('') +
      rect(-len / 2 + 14, -30, len - 40, 6, '#ffffff', { rx: 3, opacity: 0.35 }));
  let garnish = '';
  for (const [x, y] of [[-118, 40], [-96, 70], [120, -46], [104, 60], [10, 108]] as const) {
    garnish += circle(x, y, 12, '#f4e9c4', { stroke: '#d8bd78', 'stroke-width': 3 }) + circle(x - 2, y - 2, 4, '#fff8e0');
  }
  for (const [x, y] of [[-30, 104], [56, 100], [140, 10]] as const) garnish += circle(x, y, 9, 'none', { stroke: '#3f8f3a', 'stroke-width': 5 });
  garnish += g({ transform: 'translate(70 -110) rotate(20)' }, path(blob(r, 24, 16, 0.08), '#cfa27a') + path('M-18 2Q0 -10 18 2', 'none', { stroke: '#8a5a36', 'stroke-width': 3 }));
  const lettuce = (x: number, y: number, s: number, rot: number) => {
    let edge = 'M0 0';
    for (let i = 0; i <= 10; i++) {
      const a = Math.PI + (i / 10) * Math.PI;
      edge += `Q${n(Math.cos(a - 0.15) * 96)} ${n(Math.sin(a - 0.15) * 70 - 16)} ${n(Math.cos(a) * 86)} ${n(Math.sin(a) * 62)}`;
    }
    return g({ transform: `translate(${x} ${y}) rotate(${rot}) scale(${s})` },
      path(`${edge}Z`, d.rad([[0, '#d7f09a'], [0.6, '#7cc24a'], [1, '#3f8a2a']], 0.5, 0.9, 0.9)) +
      path('M0 0V-54M0 -20l-26 -22M0 -34l24 -18', 'none', { stroke: '#e9f7c6', 'stroke-width': 3, opacity: 0.8, 'stroke-linecap': 'round' }));
  };
  const svg =
    ellipse(0, -26, 150, 22, '#ff7a1a', { opacity: 0.5, filter: d.blur(10) }) +
    path('M-128 -42H128L112 -4Q110 0 100 0H-100Q-110 0 -112 -4Z', d.lin([[0, '#3a3a3a'], [1, '#151515']])) +
    rect(-118, -40, 236, 8, '#ff9a3c', { rx: 4, opacity: 0.6, filter: d.blur(3) }) +
    path(`M${-R} ${cy}V${cy + 24}A${R} ${n(R * k)} 0 0 0 ${R} ${cy + 24}V${cy}Z`, cyl(d, '#3a3a3a', 0.8)) +
    ellipse(0, cy, R, R * k, d.lin([[0, '#5a5a5a'], [1, '#2a2a2a']])) +
    top(circle(0, 0, 164, '#1f1f1f') + g({ 'clip-path': d.clip(circle(0, 0, 162, '#000')) }, ridges) +
      strip(-58, -92, -10, 190) + strip(66, -66, 8, 170) + strip(-36, 4, 4, 230) + strip(58, 84, -10, 190) + garnish) +
    steam(d, -10, cy - 30, 0.7) +
    lettuce(-206, -8, 0.9, -12) + lettuce(-170, 4, 0.8, 14) +
    ellipse(196, -16, 48, 15, darken('#e9e2d6', 0.2)) + ellipse(196, -22, 48, 14, '#f4efe6') + ellipse(196, -23, 32, 8, d.rad([[0, '#a45a2a'], [1, '#6b3416']])) + circle(190, -26, 3, '#3f8f3a') + circle(202, -24, 2.5, '#f4e9c4');
  return { svg, w: 520, h: 230 };
}

/** A basket of fried chicken (crispy and yangnyeom) with a dish of tteokbokki beside it. */
export function chicken(d: Doc, seed = 'chicken'): Obj {
  const r = new Rng(seed);
  const crisp = (x: number, y: number, rx: number, ry: number, rot: number, sauce = false) => {
    const shape = blob(r, rx, ry, 0.16, 16);
    let crumbs = '';
    for (let i = 0; i < Math.round((rx * ry) / 60); i++) {
      const a = r.range(0, Math.PI * 2);
      const rr = Math.sqrt(r.next());
      crumbs += circle(Math.cos(a) * rx * rr * 0.92, Math.sin(a) * ry * rr * 0.92, r.range(2, 5), r.next() > 0.45 ? (sauce ? '#ff8a5c' : '#ffd98a') : (sauce ? '#7a1608' : '#9a5316'), { opacity: r.range(0.45, 0.8) });
    }
    const fill = sauce
      ? d.rad([[0, '#f0673e'], [0.6, '#c8321b'], [1, '#7c160a']], 0.38, 0.32, 0.78)
      : d.rad([[0, '#f9d27a'], [0.55, '#dc8f2f'], [1, '#8e4a12']], 0.38, 0.32, 0.78);
    let seeds = '';
    if (sauce) for (let i = 0; i < 9; i++) seeds += ellipse(r.range(-rx * 0.6, rx * 0.6), r.range(-ry * 0.6, ry * 0.4), 3.5, 1.8, '#fff4d6', { transform: `rotate(${n(r.range(0, 180))})` });
    return g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(rot)})` },
      path(shape, fill) + g({ 'clip-path': d.clip(path(shape, '#000')) }, crumbs) + seeds +
      ellipse(-rx * 0.3, -ry * 0.45, rx * 0.4, ry * 0.18, '#ffffff', { opacity: sauce ? 0.45 : 0.3, filter: d.blur(3) }));
  };
  const drumstick = (x: number, y: number, rot: number, sauce = false) =>
    g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(rot)})` },
      rect(30, -9, 92, 18, d.lin([[0, '#fffaf0'], [1, '#e3d6c0']]), { rx: 9 }) +
      circle(124, -11, 13, '#fbf5ea') + circle(124, 10, 13, '#efe5d4') +
      crisp(-6, 0, 66, 44, 0, sauce));
  // basket with checked paper
  let checks = '';
  for (let i = -8; i <= 8; i++) checks += path(`M${i * 26} -320L${i * 26 + 140} 0`, 'none', { stroke: '#e03a2f', 'stroke-width': 9, opacity: 0.75 }) + path(`M${i * 26} -320L${i * 26 - 140} 0`, 'none', { stroke: '#e03a2f', 'stroke-width': 9, opacity: 0.45 });
  const paper = 'M-176 -118L-150 -196L-96 -150L-40 -214L10 -156L70 -222L112 -150L166 -196L178 -118Z';
  const basketX = -50;
  const tteok = (x: number, y: number, rot: number) => g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(rot)})` }, rect(-26, -9, 52, 18, d.lin([[0, '#ff8a5c'], [0.5, '#e8401f'], [1, '#a6200c']]), { rx: 9 }) + rect(-18, -6, 30, 4, '#ffffff', { rx: 2, opacity: 0.55 }));
  const svg =
    g({ transform: `translate(${basketX} 0)` },
      path(paper, '#fffaf2') + g({ 'clip-path': d.clip(path(paper, '#000')) }, checks) +
      crisp(40, -196, 58, 40, 12, true) + crisp(-60, -190, 60, 40, -14) + crisp(-6, -160, 64, 42, -6) +
      drumstick(-84, -196, -34) +
      crisp(-92, -130, 52, 36, 20, true) + crisp(70, -124, 56, 36, -10) + crisp(-20, -114, 58, 34, 4, true) +
      drumstick(70, -150, -62, true) +
      path('M-180 -112C-172 -36 -110 -8 0 -8C110 -8 172 -36 180 -112C120 -96 -120 -96 -180 -112Z', cyl(d, '#2b2b2b', 0.9)) +
      path('M-180 -112C-120 -96 120 -96 180 -112', 'none', { stroke: '#6b6b6b', 'stroke-width': 6, 'stroke-linecap': 'round' }) +
      path('M-150 -70C-80 -52 80 -52 150 -70M-120 -36C-60 -24 60 -24 120 -36', 'none', { stroke: '#4a4a4a', 'stroke-width': 3, opacity: 0.8 }) +
      ellipse(-110, -70, 26, 14, '#ffffff', { opacity: 0.15, filter: d.blur(6) })) +
    g({ transform: 'translate(190 0)' },
      ellipse(0, -8, 110, 28, darken('#f2efe9', 0.25)) +
      path('M-112 -34C-108 -12 -60 0 0 0C60 0 108 -12 112 -34Z', cyl(d, '#f2efe9', 0.6)) +
      ellipse(0, -36, 112, 30, '#faf8f4') + ellipse(0, -36, 96, 24, d.rad([[0, '#f0532c'], [1, '#a51f0d']])) +
      tteok(-48, -44, 14) + tteok(-6, -54, -18) + tteok(40, -42, 8) + tteok(-20, -28, -4) + tteok(60, -58, -30) + tteok(18, -28, 24) +
      path('M-66 -30l26 -16l22 14Z', '#f6e3b4', { stroke: '#d9b877', 'stroke-width': 2 }) +
      circle(-30, -62, 5, 'none', { stroke: '#4fa33a', 'stroke-width': 3 }) + circle(36, -24, 5, 'none', { stroke: '#4fa33a', 'stroke-width': 3 }) +
      ellipse(-40, -50, 30, 6, '#ffffff', { opacity: 0.3, filter: d.blur(3) }));
  return { svg, w: 540, h: 240 };
}

/** A croissant lying on its base, centred on (0, 0), about 260 x 90. */
function croissant(d: Doc): string {
  const crust = d.rad([[0, lighten('#d98a32', 0.35)], [0.6, '#d98a32'], [1, darken('#d98a32', 0.4)]], 0.4, 0.3, 0.8);
  const lobes = [[-104, 22, 26, 22, -52], [-64, -8, 38, 34, -28], [0, -22, 48, 42, 0], [64, -8, 38, 34, 28], [104, 22, 26, 22, 52]] as const;
  let s = '';
  for (const [x, y, rx, ry, rot] of lobes) s += g({ transform: `translate(${x} ${y}) rotate(${rot})` }, ellipse(0, 0, rx, ry, crust) + path(`M${-rx * 0.7} ${-ry * 0.2}Q0 ${ry * 0.5} ${rx * 0.7} ${-ry * 0.2}`, 'none', { stroke: '#f6d08a', 'stroke-width': 3, opacity: 0.6 }));
  return s + ellipse(-10, -40, 36, 9, '#ffffff', { opacity: 0.3, filter: d.blur(3) });
}

/** Brunch: a latte and a croissant on a plate. */
export function brunch(d: Doc, o: { cup: string; plate: string }): Obj {
  const svg =
    g({ transform: 'translate(-90 -40) scale(0.9)' }, cup(d, { cup: o.cup }).svg) +
    ellipse(120, -14, 150, 34, darken(o.plate, 0.2)) +
    ellipse(120, -20, 150, 33, d.lin([[0, lighten(o.plate, 0.5)], [1, darken(o.plate, 0.05)]])) +
    ellipse(120, -22, 104, 20, darken(o.plate, 0.08)) +
    g({ transform: 'translate(120 -44) scale(0.85)' }, croissant(d));
  return { svg, w: 580, h: 230 };
}

/** A round country loaf, a croissant and a baguette on a bread board. */
export function bread(d: Doc, seed = 'bread'): Obj {
  const r = new Rng(seed);
  const crust = (c: string) => d.rad([[0, lighten(c, 0.35)], [0.6, c], [1, darken(c, 0.4)]], 0.4, 0.3, 0.8);
  let flour = '';
  for (let i = 0; i < 40; i++) flour += circle(r.range(-80, 80), r.range(-196, -130), r.range(1, 2.4), '#fffaf0', { opacity: r.range(0.4, 0.9) });
  const svg =
    path('M-230 -30L-200 -62H210L236 -30Z', d.lin([[0, '#d9a86c'], [1, '#b27a45']])) +
    path('M-230 -30H236V-8Q236 0 226 0H-220Q-230 0 -230 -8Z', d.lin([[0, '#9c6536'], [1, '#6f4424']])) +
    rect(236, -30, 50, 18, d.lin([[0, '#b27a45'], [1, '#7d4c28']]), { rx: 9 }) +
    path('M-180 -54L-140 -58M-60 -56L40 -60M100 -56L180 -54', 'none', { stroke: '#c08a52', 'stroke-width': 2, opacity: 0.7 }) +
    // baguette behind, leaning
    g({ transform: 'translate(120 -150) rotate(-28)' },
      rect(-150, -26, 300, 52, crust('#cf8a3c'), { rx: 26 }) +
      [-96, -40, 16, 72].map((x) => path(`M${x - 18} 10Q${x} -22 ${x + 22} -16`, 'none', { stroke: '#f3d39a', 'stroke-width': 6, 'stroke-linecap': 'round' })).join('')) +
    // country loaf
    g({ transform: 'translate(-70 -48)' },
      path('M-118 0C-124 -80 -70 -150 0 -150C70 -150 124 -80 118 0Z', crust('#b8692a')) +
      g({ transform: 'translate(0 0)' }, flour) +
      path('M-60 -110Q-20 -60 40 -120M-80 -70Q-20 -20 60 -80', 'none', { stroke: '#f1cf90', 'stroke-width': 7, 'stroke-linecap': 'round' })) +
    // croissant in front
    g({ transform: 'translate(100 -70)' }, croissant(d));
  return { svg, w: 520, h: 270 };
}

/** Kitchenware on a table: an enamel casserole with its lid, a crock of wooden utensils and a stack of bowls. */
export function cookware(d: Doc, o: { pot: string; bowls: string }): Obj {
  const pot = o.pot;
  const svg =
    // utensil crock, right
    g({ transform: 'translate(200 0)' },
      path('M-10 -150L-40 -330', 'none', { stroke: '#c9965a', 'stroke-width': 10, 'stroke-linecap': 'round' }) + ellipse(-42, -342, 22, 30, d.lin([[0, '#dcae72'], [1, '#a9743c']]), { transform: 'rotate(-10 -42 -342)' }) +
      path('M6 -150L20 -320', 'none', { stroke: '#b78550', 'stroke-width': 10, 'stroke-linecap': 'round' }) + path(rrect(2, -372, 40, 58, 10), d.lin([[0, '#c9965a'], [1, '#95622f']]), { transform: 'rotate(5 22 -343)' }) +
      path('M26 -150L50 -290', 'none', { stroke: '#8a8f96', 'stroke-width': 6 }) +
      g({ transform: 'translate(56 -318) rotate(10)' }, [-16, -8, 0, 8, 16].map((x) => path(`M0 34C${x * 1.4} 10 ${x * 1.6} -20 0 -30`, 'none', { stroke: '#b7bdc4', 'stroke-width': 2.5 })).join('')) +
      path('M-56 -160H56L48 -8Q47 0 38 0H-38Q-47 0 -48 -8Z', cyl(d, '#efe6d8')) +
      ellipse(0, -160, 56, 12, '#d9cbb4') + ellipse(0, -160, 46, 8, '#8a6a48') +
      rect(-48, -100, 96, 14, '#6d8f7a', { opacity: 0.8 })) +
    // stacked bowls, left
    g({ transform: 'translate(-210 0)' },
      [0, 1, 2].map((i) => {
        const y = -i * 30;
        return path(`M-80 ${y - 40}C-74 ${y - 8} -40 ${y} 0 ${y}C40 ${y} 74 ${y - 8} 80 ${y - 40}Z`, cyl(d, i === 1 ? lighten(o.bowls, 0.2) : o.bowls, 0.7)) + ellipse(0, y - 40, 80, 14, lighten(o.bowls, 0.45));
      }).join('') + ellipse(0, -100, 66, 10, darken(o.bowls, 0.15))) +
    // casserole, centre
    rect(-150, -132, 40, 22, cyl(d, darken(pot, 0.15)), { rx: 11 }) + rect(110, -132, 40, 22, cyl(d, darken(pot, 0.15)), { rx: 11 }) +
    path('M-124 -150V-22Q-124 0 -100 0H100Q124 0 124 -22V-150Z', cyl(d, pot)) +
    path('M-124 -40Q0 -26 124 -40', 'none', { stroke: darken(pot, 0.25), 'stroke-width': 3, opacity: 0.5 }) +
    path('M-130 -150C-130 -196 130 -196 130 -150C100 -140 -100 -140 -130 -150Z', d.lin([[0, lighten(pot, 0.3)], [1, darken(pot, 0.1)]])) +
    ellipse(0, -150, 130, 12, darken(pot, 0.3)) +
    rect(-24, -208, 48, 22, metal(d, '#c9ccd1'), { rx: 10 }) +
    streak(d, -108, -140, 10, 110, 0.45, 3) +
    ellipse(-50, -178, 50, 8, '#ffffff', { opacity: 0.35, filter: d.blur(4) });
  return { svg, w: 600, h: 380 };
}

/** A cable-knit jumper on a hanger. */
export function knit(d: Doc, o: { yarn: string; hanger?: string }): Obj {
  const y = o.yarn;
  const body = 'M-98 -322Q-56 -338 -26 -344Q0 -326 26 -344Q56 -338 98 -322L104 -46H-104Z';
  const sleeve = (s: number) => `M${s * 96} -322C${s * 128} -314 ${s * 142} -290 ${s * 148} -258L${s * 160} -110H${s * 114}L${s * 106} -246Z`;
  const cable = (x: number) => {
    let a = `M${x - 8} -300`;
    let b = `M${x + 8} -300`;
    for (let yy = -300; yy < -60; yy += 30) {
      a += `C${x - 8} ${yy + 10} ${x + 8} ${yy + 20} ${x + 8} ${yy + 30}`;
      b += `C${x + 8} ${yy + 10} ${x - 8} ${yy + 20} ${x - 8} ${yy + 30}`;
    }
    return path(a, 'none', { stroke: darken(y, 0.22), 'stroke-width': 9, 'stroke-linecap': 'round' }) + path(b, 'none', { stroke: lighten(y, 0.18), 'stroke-width': 9, 'stroke-linecap': 'round' }) +
      path(`M${x - 22} -300V-60M${x + 22} -300V-60`, 'none', { stroke: darken(y, 0.18), 'stroke-width': 3, 'stroke-dasharray': '4 5' });
  };
  const ribs = (x0: number, x1: number, y0: number, y1: number) => {
    let s = '';
    for (let x = x0 + 5; x < x1; x += 8) s += path(`M${x} ${y0}V${y1}`, 'none', { stroke: darken(y, 0.2), 'stroke-width': 2.5, opacity: 0.7 });
    return s;
  };
  const svg =
    path('M0 -376V-352M0 -352L-84 -316H84Z', 'none', { stroke: o.hanger ?? '#b88a5a', 'stroke-width': 6, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }) +
    path('M0 -376q0 -16 12 -14', 'none', { stroke: '#a0a0a0', 'stroke-width': 4, 'stroke-linecap': 'round' }) +
    path(sleeve(-1), d.lin([[0, darken(y, 0.12)], [1, darken(y, 0.25)]])) + path(sleeve(1), d.lin([[0, darken(y, 0.05)], [1, darken(y, 0.2)]])) +
    rect(-162, -112, 50, 30, darken(y, 0.08), { rx: 6 }) + ribs(-162, -112, -110, -84) +
    rect(112, -112, 50, 30, darken(y, 0.08), { rx: 6 }) + ribs(112, 162, -110, -84) +
    path(body, d.lin([[0, lighten(y, 0.08)], [1, darken(y, 0.08)]])) +
    cable(-50) + cable(0) + cable(50) +
    path(body, shadeOver(d, 0.6)) +
    rect(-106, -52, 212, 52, darken(y, 0.06), { rx: 6 }) + ribs(-106, 106, -48, -4) +
    path('M-28 -344Q0 -318 28 -344', 'none', { stroke: darken(y, 0.1), 'stroke-width': 14, 'stroke-linecap': 'round' }) +
    path('M-28 -344Q0 -318 28 -344', 'none', { stroke: darken(y, 0.3), 'stroke-width': 2, 'stroke-dasharray': '3 4' });
  return { svg, w: 330, h: 392 };
}

/** A child's short-sleeved romper with stripes and a star, on a small hanger. */
export function romper(d: Doc, o: { cloth: string; stripe: string; star: string }): Obj {
  const shape = 'M-46 -300Q0 -276 46 -300L104 -272L86 -210L64 -220L70 -90Q72 -40 44 -10L18 0H-18L-44 -10Q-72 -40 -70 -90L-64 -220L-86 -210L-104 -272Z';
  let stripes = '';
  for (let yy = -280; yy < 0; yy += 34) stripes += rect(-120, yy, 240, 14, o.stripe, { opacity: 0.85 });
  const svg =
    path('M0 -336V-316M0 -316L-60 -292H60Z', 'none', { stroke: '#f2c14e', 'stroke-width': 6, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }) +
    path('M0 -336q0 -14 10 -12', 'none', { stroke: '#a0a0a0', 'stroke-width': 4, 'stroke-linecap': 'round' }) +
    path(shape, d.lin([[0, lighten(o.cloth, 0.1)], [1, darken(o.cloth, 0.08)]])) +
    g({ 'clip-path': d.clip(path(shape, '#000')) }, stripes) +
    path(shape, shadeOver(d, 0.5)) +
    path('M-46 -300Q0 -276 46 -300', 'none', { stroke: darken(o.cloth, 0.15), 'stroke-width': 8, 'stroke-linecap': 'round' }) +
    path(star(0, -170, 38, 0.48), o.star, { stroke: darken(o.star, 0.2), 'stroke-width': 3 }) +
    [-24, 0, 24].map((x) => circle(x, -16, 5, '#ffffff', { stroke: darken(o.cloth, 0.2), 'stroke-width': 1.5 })).join('');
  return { svg, w: 208, h: 336 };
}

/** An open cushion compact: mirror lid up, the cushion, and its puff leaning in front. */
export function compact(d: Doc, o: { shell: string; cushion: string; trim?: string }): Obj {
  const trim = o.trim ?? '#d9b26a';
  const svg =
    // lid with mirror
    ellipse(0, -206, 128, 120, cyl(d, o.shell, 0.8)) +
    ellipse(0, -206, 120, 112, metal(d, trim)) +
    ellipse(0, -206, 110, 102, d.lin([[0, '#f4f6f8'], [0.45, '#c9d3dc'], [1, '#eef2f5']], { x1: 0, y1: 0, x2: 1, y2: 1 })) +
    path('M-70 -280L-20 -300L-90 -160L-104 -196Z', '#ffffff', { opacity: 0.45 }) +
    rect(-30, -100, 60, 14, darken(o.shell, 0.2), { rx: 6 }) +
    // base
    path('M-136 -70V-30A136 34 0 0 0 136 -30V-70Z', cyl(d, o.shell, 0.9)) +
    ellipse(0, -70, 136, 34, lighten(o.shell, 0.2)) +
    ellipse(0, -70, 122, 28, metal(d, trim)) +
    ellipse(0, -70, 112, 24, d.rad([[0, lighten(o.cushion, 0.2)], [0.8, o.cushion], [1, darken(o.cushion, 0.2)]], 0.45, 0.4, 0.7)) +
    ellipse(-30, -76, 40, 7, '#ffffff', { opacity: 0.3, filter: d.blur(3) }) +
    // puff
    g({ transform: 'translate(130 -46) rotate(-12)' },
      ellipse(0, 0, 70, 46, d.rad([[0, '#fffaf5'], [0.8, '#efe3d6'], [1, '#cdbba8']], 0.4, 0.35, 0.7)) +
      path('M-50 -10Q0 -34 50 -10', 'none', { stroke: o.shell, 'stroke-width': 10, 'stroke-linecap': 'round' }) +
      circle(-14, 8, 12, darken(o.cushion, 0.05), { opacity: 0.35, filter: d.blur(4) }));
  return { svg, w: 400, h: 326 };
}

/** Generic product-drawer registry used by templates and mockups. */
export type Drawer = (d: Doc, palette: readonly string[], seed: string) => Obj;

/** Palette entry with a fallback (palettes may be short or contain ''). */
const c = (p: readonly string[], i: number, def: string): string => p[i] || def;

export const DRAWERS: Record<string, Drawer> = {
  bottle: (d, p) => bottle(d, { body: c(p, 0, '#f3d3cb'), cap: c(p, 1, '#c98f7a'), label: c(p, 2, '#ffffff'), accent: p[3] || undefined }),
  dropper: (d, p) => bottle(d, { body: c(p, 0, '#f3a64a'), cap: c(p, 1, '#2b2b2b'), label: c(p, 2, '#ffffff'), accent: p[3] || undefined, dropper: true }),
  perfume: (d, p) => perfume(d, { liquid: c(p, 0, '#e88aa8'), cap: c(p, 1, '#1e1e22') }),
  jar: (d, p) => jar(d, { glass: c(p, 0, '#eef3ee'), lid: c(p, 1, '#c7a76a'), accent: p[3] || undefined }),
  tube: (d, p) => tube(d, { body: c(p, 0, '#e6f6ff'), cap: c(p, 1, '#1d7fa8'), accent: p[3] || undefined }),
  lipstick: (d, p) => lipstick(d, { bullet: c(p, 0, '#c1121f'), body: c(p, 1, '#1b1b1b') }),
  cup: (d, p) => cup(d, { cup: c(p, 0, '#f4efe8') }),
  burger: (d, _p, s) => burger(d, s),
  ramen: (d, p, s) => bowl(d, 'ramen', c(p, 0, '#1d1d1d'), s),
  bibimbap: (d, p, s) => bowl(d, 'bibimbap', c(p, 0, '#3a3633'), s),
  salad: (d, p, s) => bowl(d, 'salad', c(p, 0, '#f2efe9'), s),
  cake: (d, p, s) => cake(d, { frost: c(p, 0, '#fbe3e8'), drip: c(p, 1, '#5a2e1c'), berry: c(p, 2, '#d7263d') }, s),
  pizza: (d, _p, s) => pizza(d, s),
  drink: (d, p, s) => drink(d, { drink: c(p, 0, '#a0673f'), cream: p[1] || undefined }, s),
  sneaker: (d, p) => sneaker(d, { upper: c(p, 0, '#3d5a80'), accent: c(p, 1, '#ee6c4d') }),
  handbag: (d, p) => handbag(d, { leather: c(p, 0, '#8b4a2b') }),
  watch: (d, p) => watch(d, { caseC: c(p, 0, '#c0c4ca'), dial: c(p, 1, '#1f4e5f'), strap: c(p, 2, '#4a3226') }),
  sunglasses: (d, p) => sunglasses(d, { frame: c(p, 0, '#1d1d1d'), lens: c(p, 1, '#3d405b') }),
  dress: (d, p) => dress(d, { dress: c(p, 0, '#e07a5f') }),
  headphones: (d, p) => headphones(d, { shell: c(p, 0, '#2b2d42'), cushion: c(p, 1, '#3a3d55'), accent: c(p, 2, '#ef8354') }),
  phone: (d, p) => phone(d, { body: c(p, 0, '#9aa0a6'), screen: [c(p, 1, '#7b2ff7'), c(p, 2, '#f107a3')] }),
  plant: (d, p, s) => plant(d, { pot: c(p, 0, '#e9e4dc'), leaf: c(p, 1, '#3a7d44') }, s),
  cat: (d, p) => cat(d, { fur: c(p, 0, '#e0a060') }),
  wineglass: (d, p) => wineglass(d, { wine: c(p, 0, '#8e1630') }),
  bouquet: (d, p, s) => bouquet(d, { colors: [c(p, 0, '#f4a6b8'), c(p, 1, '#f7d060'), c(p, 2, '#c9a0dc')], wrap: c(p, 3, '#e9dcc9') }, s),
  books: (d, p) => books(d, { colors: [c(p, 0, '#264653'), c(p, 1, '#e9c46a'), c(p, 2, '#e76f51'), c(p, 3, '#2a9d8f')] }),
  lamp: (d, p) => lamp(d, { shade: c(p, 0, '#f2e8cf'), base: c(p, 1, '#333333') }),
  candle: (d, p) => candle(d, { glass: c(p, 0, '#d8c3a5'), wax: c(p, 1, '#f5efe6') }),
  grill: (d, _p, s) => grill(d, s),
  chicken: (d, _p, s) => chicken(d, s),
  bread: (d, _p, s) => bread(d, s),
  brunch: (d, p) => brunch(d, { cup: c(p, 0, '#f4efe8'), plate: c(p, 1, '#fbf7f0') }),
  cookware: (d, p) => cookware(d, { pot: c(p, 0, '#e4572e'), bowls: c(p, 1, '#f1e6d6') }),
  knit: (d, p) => knit(d, { yarn: c(p, 0, '#d9c8ae') }),
  romper: (d, p) => romper(d, { cloth: c(p, 0, '#fff6e0'), stripe: c(p, 1, '#7cc6e8'), star: c(p, 2, '#ffd166') }),
  compact: (d, p) => compact(d, { shell: c(p, 0, '#1f5a50'), cushion: c(p, 1, '#f1d3bd'), trim: p[2] || undefined }),
};

