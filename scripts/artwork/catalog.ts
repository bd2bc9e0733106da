// Every artwork key: design size, output widths and how to draw it.

import { Doc, Rng, n, rect, circle, ellipse, path, g, sparkle, rrect, soft } from './lib.ts';
import * as O from './objects.ts';
import type { Obj } from './objects.ts';
import { studio, amateur, darkStudio, type Placed, type Prop, type StudioOpts, type AmateurOpts } from './scenes.ts';
import { room, coast, hill, stage, cinematic, music, fantasy, architecture, mascot, paper, figure, hangerCoat } from './worlds.ts';
import { fit, shot } from './shots.ts';
import { renderTemplate, TEMPLATES, TEMPLATE_SIZES } from './templates.ts';
import { social, delivery, ecommerce } from './mockups.ts';

export interface Art {
  key: string;
  /** Design (viewBox) size. */
  w: number;
  h: number;
  /** Raster scale of the largest output relative to the design size. */
  scale: number;
  widths: number[];
  jpeg?: boolean;
  before?: boolean;
  draw: (d: Doc) => string;
}

// ---------------------------------------------------------------------------
// Helpers

type Make = (d: Doc) => Obj;

/** Places an object by fitting it to a fraction of the frame height/width. */
function placeFit(obj: Obj, w: number, h: number, x: number, y: number, fh: number, fw = 0.5, rot = 0): Placed {
  return { obj, x, y, s: fit(obj, w, h, fh, fw), rot };
}

const beans = (d: Doc, seed: string, pts: Array<[number, number]>, k = 1) => {
  const r = new Rng(seed);
  return pts.map(([x, y]) => {
    const a = r.range(0, 180);
    return soft(d, x + 3 * k, y + 6 * k, 16 * k, 5 * k, '#000', 0.3, 3) + g({ transform: `translate(${x} ${y}) rotate(${n(a)}) scale(${k})` }, ellipse(0, 0, 16, 11, d.rad([[0, '#8a5533'], [1, '#3b1f10']], 0.4, 0.35, 0.7)) + path('M-12 0Q0 -5 12 0', 'none', { stroke: '#2a140a', 'stroke-width': 2.5 }));
  }).join('');
};

const custom = (svg: string): Prop => ({ kind: 'custom', svg });

const bokeh = (d: Doc, w: number, h: number, colors: string[], seed: string, count = 14) => {
  const r = new Rng(seed);
  let s = '';
  for (let i = 0; i < count; i++) s += circle(r.range(0, w), r.range(0, h * 0.65), r.range(12, 46) * (h / 800), r.pick(colors), { opacity: r.range(0.15, 0.45), filter: d.blur(Math.round(r.range(2, 8))) });
  return s;
};

function pair(key: string, w: number, h: number, make: Make, where: (o: Obj) => Placed, after: (d: Doc, p: Placed) => string, am: Omit<AmateurOpts, 'seed'> = {}): Art[] {
  return [
    { key, w, h, scale: 1, widths: [400, 800], draw: (d) => after(d, where(make(d))) },
    { key: `${key}-before`, w, h, scale: 1, widths: [400, 800], before: true, draw: (d) => amateur(d, w, h, where(make(d)), { seed: key, ...am }) },
  ];
}

const studioAfter = (w: number, h: number, o: StudioOpts) => (d: Doc, p: Placed) => studio(d, w, h, p, o);

// ---------------------------------------------------------------------------
// Slides (1200 x 800)

const SW = 1200;
const SH = 800;

function slide(i: number, draw: (d: Doc) => string): Art {
  return { key: `slide-${i}`, w: SW, h: SH, scale: 1, widths: [400, 800, 1200], draw };
}

const slides: Art[] = [
  slide(1, (d) => {
    const p = placeFit(O.bottle(d, { body: '#f6d5cf', cap: '#c98f7a', label: '#ffffff', accent: '#b5655b' }), SW, SH, 720, 560, 0.5, 0.3);
    return studio(d, SW, SH, p, {
      wall: ['#fde9e6', '#f2c1bb'], floor: '#eab3ab', podium: { color: '#f3c6c0', rx: 170, h: 96, second: { color: '#e7a79f', rx: 110, h: 52, dx: -250 } },
      arch: { color: '#fad7d2', w: 470, h: 720 }, gobo: true,
      back: [{ kind: 'sphere', x: 470, y: 582, r: 34, color: '#fff4f1' }, { kind: 'leaf', x: 960, y: 620, s: 1.05, rot: 18, color: '#c98f7a' }],
      front: [{ kind: 'petal', x: 330, y: 730, s: 1, rot: 40, color: '#f4a8a0' }, { kind: 'petal', x: 960, y: 750, s: 0.8, rot: -30, color: '#f4a8a0' }, { kind: 'sphere', x: 900, y: 740, r: 22, color: '#ffffff' }],
    });
  }),
  slide(2, (d) => {
    const p = placeFit(O.perfume(d, { liquid: '#a084e8', cap: '#2a2140', plate: '#e7c98f' }), SW, SH, 600, 610, 0.52, 0.3);
    const r = new Rng('s2');
    const petals: Prop[] = Array.from({ length: 9 }, (_, i) => ({ kind: 'petal', x: r.range(150, 1050), y: r.range(640, 780), s: r.range(0.7, 1.2), rot: r.range(0, 360), color: i % 2 ? '#f3b6d9' : '#d7c2ff' }));
    return studio(d, SW, SH, p, {
      wall: ['#f1eaff', '#c9b5f2'], floor: '#b49ee6', horizon: 600, reflect: 0.22,
      back: [{ kind: 'ring', x: 600, y: 330, r: 250, color: '#ffffff', width: 14 }, { kind: 'sphere', x: 330, y: 610, r: 60, color: '#e3d6ff' }, { kind: 'sphere', x: 880, y: 610, r: 36, color: '#f6c9e4' }],
      front: petals, glowAt: [600, 330],
    });
  }),
  slide(3, (d) => {
    const p = placeFit(O.cup(d, { cup: '#f7f3ee' }), SW, SH, 650, 650, 0.36, 0.38);
    return studio(d, SW, SH, p, {
      wall: ['#f6e7d3', '#d9b28c'], floor: '#9c6a45', horizon: 500, gobo: true, glow: '#fff1dc',
      back: [custom(O.steam(d, 650, 420, 1.4))],
      front: [custom(beans(d, 'b3', [[300, 700], [350, 735], [270, 750], [930, 712], [980, 742], [880, 760]], 1.1))],
    });
  }),
  slide(4, (d) => {
    const p = placeFit(O.burger(d, 'slide4'), SW, SH, 640, 620, 0.5, 0.42);
    return studio(d, SW, SH, p, {
      wall: ['#ffe29a', '#f6a04d'], floor: '#d9782f', horizon: 560, podium: { color: '#a8693a', rx: 300, h: 30 }, glow: '#fff3c9',
      back: [{ kind: 'leaf', x: 250, y: 640, s: 1, rot: -20, color: '#4f8f3a' }, { kind: 'leaf', x: 1010, y: 640, s: 0.8, rot: 25, color: '#4f8f3a' }],
      front: [{ kind: 'sphere', x: 300, y: 742, r: 34, color: '#e63b2e' }, { kind: 'sphere', x: 360, y: 752, r: 24, color: '#f25a3a' }, { kind: 'sphere', x: 950, y: 748, r: 30, color: '#e63b2e' }],
    });
  }),
  slide(5, (d) => {
    const p = placeFit(O.sneaker(d, { upper: '#f25f4c', accent: '#1b3b6f', sole: '#fbfaf7' }), SW, SH, 640, 470, 0.28, 0.42, -12);
    return studio(d, SW, SH, p, {
      wall: ['#d2f5ef', '#63c7ba'], floor: '#49b1a4', horizon: 590, float: 150,
      podium: { color: '#ffb4a2', rx: 220, h: 70 },
      back: [{ kind: 'sphere', x: 300, y: 640, r: 70, color: '#ffe3db' }, { kind: 'sphere', x: 960, y: 560, r: 40, color: '#ffd166', float: 60 }],
      front: [{ kind: 'sparkle', x: 380, y: 260, r: 18 }, { kind: 'sparkle', x: 880, y: 300, r: 12 }],
    });
  }),
  slide(6, (d) => {
    const p = placeFit(O.handbag(d, { leather: '#8a4a2a' }), SW, SH, 700, 600, 0.46, 0.36);
    return studio(d, SW, SH, p, {
      wall: ['#f3e9de', '#d8bfa2'], floor: '#cfb08f', horizon: 600, gobo: true,
      arch: { color: '#e9d6c1', w: 520, h: 640, round: false },
      podium: { color: '#e6d2bc', rx: 240, h: 70 },
      back: [{ kind: 'block', x: 330, y: 680, w: 150, h: 110, color: '#d6b894' }, { kind: 'sphere', x: 330, y: 560, r: 38, color: '#f5ebe0' }],
      front: [{ kind: 'leaf', x: 1040, y: 760, s: 0.9, rot: -35, color: '#7c8b5a' }],
    });
  }),
  slide(7, (d) => darkStudio(d, SW, SH, placeFit(O.watch(d, { caseC: '#c7ccd4', dial: '#12407a', strap: '#1b1b1f', accent: '#ff7a45' }), SW, SH, 720, 640, 0.6, 0.3), { wall: '#1b2a41', light: '#9cc3ff', rim: '#7fb2ff' })),
  slide(8, (d) => {
    const p = placeFit(O.cake(d, { frost: '#fff6f0', drip: '#ef6f9a', berry: '#c2185b' }, 'slide8'), SW, SH, 600, 600, 0.5, 0.32);
    return studio(d, SW, SH, p, {
      wall: ['#fff0f4', '#ffc8d6'], floor: '#f6b5c6', horizon: 560, podium: { color: '#bfe6d6', rx: 230, h: 70 },
      back: [{ kind: 'sphere', x: 280, y: 640, r: 46, color: '#ffe08a' }, { kind: 'sphere', x: 930, y: 640, r: 56, color: '#c8b6ff' }],
      front: [{ kind: 'sphere', x: 350, y: 760, r: 20, color: '#d7263d' }, { kind: 'sphere', x: 850, y: 765, r: 16, color: '#d7263d' }, { kind: 'sparkle', x: 360, y: 240, r: 16 }, { kind: 'sparkle', x: 860, y: 200, r: 12 }],
    });
  }),
  slide(9, (d) => {
    const p = placeFit(O.jar(d, { glass: '#f3f5f0', lid: '#b08d57', accent: '#5b7f6a' }), SW, SH, 560, 560, 0.3, 0.3);
    return studio(d, SW, SH, p, {
      wall: ['#e8f2e9', '#afcbb5'], floor: '#9dbda4', horizon: 600, gobo: true,
      podium: { color: '#ebe6dc', rx: 200, h: 100, second: { color: '#dcd5c8', rx: 120, h: 60, dx: 270 } },
      back: [{ kind: 'leaf', x: 310, y: 680, s: 1.2, rot: -12, color: '#5c8f62' }, { kind: 'leaf', x: 880, y: 640, s: 0.8, rot: 20, color: '#4d7f55' }],
      front: [{ kind: 'drop', x: 420, y: 420, r: 10 }, { kind: 'drop', x: 700, y: 380, r: 7 }, { kind: 'drop', x: 760, y: 470, r: 12 }, { kind: 'sphere', x: 830, y: 640, r: 40, color: '#f7f4ee' }],
    });
  }),
  slide(10, (d) => {
    const p = placeFit(O.headphones(d, { shell: '#eef0f4', cushion: '#a1a7b3', accent: '#22d3ee' }), SW, SH, 600, 500, 0.44, 0.34);
    return studio(d, SW, SH, p, {
      wall: ['#1b0f3a', '#0b0820'], floor: '#140c2c', horizon: 620, glow: '#8b5cf6', glowOpacity: 0.55, vignette: 0.5, float: 110,
      podium: { color: '#3b2a72', rx: 210, h: 60 },
      bokeh: [bokeh(d, SW, SH, ['#ff2bd6', '#22d3ee', '#8b5cf6'], 's10')],
      back: [{ kind: 'ring', x: 600, y: 380, r: 290, color: '#ff2bd6', width: 8 }],
      front: [{ kind: 'sparkle', x: 300, y: 200, r: 14, color: '#a5f3fc' }, { kind: 'sparkle', x: 930, y: 240, r: 18, color: '#f5d0fe' }],
    });
  }),
  slide(11, (d) => {
    const p = placeFit(O.bowl(d, 'ramen', '#1e1e1e', 's11'), SW, SH, 600, 640, 0.4, 0.5);
    return studio(d, SW, SH, p, {
      wall: ['#3e2819', '#1c110a'], floor: '#2c1b10', horizon: 520, glow: '#ffb066', glowOpacity: 0.35, vignette: 0.45,
      podium: { color: '#5a3a22', rx: 330, h: 26 },
      back: [custom(O.steam(d, 560, 410, 1.6))],
      front: [{ kind: 'leaf', x: 200, y: 790, s: 0.8, rot: 40, color: '#4f8f3a' }],
    });
  }),
  slide(12, (d) => darkStudio(d, SW, SH, placeFit(O.wineglass(d, { wine: '#8e1630' }), SW, SH, 640, 640, 0.6, 0.3), { wall: '#3b0d18', light: '#ff9aa2', rim: '#ff6b81' })),
  slide(13, (d) => room(d, SW, SH, { staged: true, sofa: '#c7866b', wall: '#f4eee6', accent: '#3d5a80' })),
  slide(14, (d) => coast(d, SW, SH, 'slide14', { sea: '#0b5573', shallow: '#45d0c8', land: '#5a9a4a' })),
];

// ---------------------------------------------------------------------------
// Services (800 x 600)

const W = 800;
const H = 600;

function svc(i: number, draw: (d: Doc) => string): Art {
  return { key: `service-${i}`, w: W, h: H, scale: 1, widths: [400, 800], draw };
}

const services: Art[] = [
  ...pair('service-1', W, H, (d) => O.bottle(d, { body: '#e6edf5', cap: '#1f2937', label: '#ffffff', accent: '#334155' }), (o) => placeFit(o, W, H, 400, 520, 0.7, 0.3),
    studioAfter(W, H, { wall: ['#ffffff', '#ffffff'], horizon: null, glowOpacity: 0, vignette: 0, shadow: 1.3 })),
  ...pair('service-2', W, H, (d) => O.sneaker(d, { upper: '#f6f3ee', accent: '#7c5cd6', sole: '#ffffff' }), (o) => placeFit(o, W, H, 400, 440, 0.5, 0.62),
    studioAfter(W, H, { wall: ['#e7dcf8', '#d3c2f2'], horizon: null, glowOpacity: 0.45, vignette: 0.06, shadow: 1.1 })),
  ...pair('service-3', W, H, (d) => O.perfume(d, { liquid: '#d9a441', cap: '#121212', plate: '#f1d9a0' }), (o) => placeFit(o, W, H, 400, 470, 0.62, 0.3),
    (d, p) => darkStudio(d, W, H, p, { wall: '#22304a', light: '#f5d7a1', rim: '#ffd58a' })),
  ...pair('service-4', W, H, (d) => O.bowl(d, 'bibimbap', '#3a3633', 'svc4'), (o) => placeFit(o, W, H, 400, 470, 0.48, 0.56),
    (d, p) => studio(d, W, H, p, {
      wall: ['#f8dcb8', '#e2a06a'], floor: '#8c5a3a', horizon: 330, podium: { color: '#b98155', rx: 270, h: 18 }, glow: '#fff3dc', gobo: true,
      back: [{ kind: 'leaf', x: 120, y: 420, s: 0.7, rot: -30, color: '#4f8f3a' }],
      front: [custom(g({ transform: 'translate(690 560) scale(0.32)' }, O.bowl(d, 'salad', '#f2efe9', 'side').svg)), { kind: 'sphere', x: 110, y: 575, r: 18, color: '#d62828' }, { kind: 'sphere', x: 150, y: 585, r: 13, color: '#e85d04' }],
    })),
  ...pair('service-5', W, H, (d) => figure(d, { coat: '#c8a27a', pants: '#2b2b2b', skin: '#e0b9a0', hair: '#3a2a22' }), (o) => placeFit(o, W, H, 400, 575, 0.92, 0.5),
    studioAfter(W, H, { wall: ['#f5dfd5', '#e5ab97'], floor: '#dc9c86', horizon: 470, arch: { color: '#f9e8e0', w: 330, h: 520 }, gobo: true, back: [{ kind: 'leaf', x: 640, y: 500, s: 0.9, rot: 15, color: '#6d8f5a' }] })),
  // service-5-before: the coat hanging on a hook, same place as the model.
  ...pair('service-6', W, H, (d) => O.bottle(d, { body: '#5ec2d6', cap: '#f4f4f4', label: '#ffffff', accent: '#1d6f80', dropper: true }), (o) => placeFit(o, W, H, 400, 330, 0.42, 0.3),
    (d, p) => fantasy(d, W, H, p)),
  svc(7, (d) => room(d, W, H, { staged: true })),
  { key: 'service-7-before', w: W, h: H, scale: 1, widths: [400, 800], before: true, draw: (d) => room(d, W, H, { staged: false }) },
  svc(8, (d) => studio(d, W, H, { obj: mascot(d, '3d', '#5fd3a8'), x: 400, y: 545, s: 1.2 }, { wall: ['#e4f4ff', '#a9d8f5'], floor: '#94cbee', horizon: 440, glow: '#ffffff', back: [{ kind: 'sphere', x: 150, y: 520, r: 40, color: '#ffd6e0' }, { kind: 'sphere', x: 650, y: 470, r: 26, color: '#fff1b8', float: 250 }], front: [{ kind: 'sparkle', x: 620, y: 120, r: 14 }, { kind: 'sparkle', x: 170, y: 180, r: 10 }] })),
  { key: 'service-8-before', w: W, h: H, scale: 1, widths: [400, 800], before: true, draw: (d) => paper(d, W, H) + g({ transform: 'translate(400 545) scale(1.2)' }, mascot(d, 'sketch').svg) },
  svc(9, (d) => architecture(d, W, H, true)),
  { key: 'service-9-before', w: W, h: H, scale: 1, widths: [400, 800], before: true, draw: (d) => architecture(d, W, H, false) },
  svc(10, (d) => coast(d, W, H, 'service10')),
  { key: 'service-10-before', w: W, h: H, scale: 1, widths: [400, 800], before: true, draw: (d) => hill(d, W, H) },
  svc(11, (d) => stage(d, W, H)),
  svc(12, (d) => cinematic(d, W, H)),
  svc(13, (d) => music(d, W, H)),
];

// The model shoot "before" is a different object (coat on a hanger), so
// replace the generated one.
{
  const i = services.findIndex((a) => a.key === 'service-5-before');
  const prev = services[i];
  if (!prev) throw new Error('service-5-before missing');
  services[i] = { ...prev, draw: (d) => amateur(d, W, H, placeFit(hangerCoat(d, { coat: '#c8a27a' }), W, H, 400, 575, 0.92, 0.5), { seed: 'service-5', deskY: 500, clutter: 3 }) };
}

// ---------------------------------------------------------------------------
// Templates, packages, portfolio, guide, og

const templates: Art[] = Object.keys(TEMPLATES).map(Number).sort((a, b) => a - b).map((id) => {
  const size = TEMPLATE_SIZES[id];
  const spec = TEMPLATES[id];
  if (!size || !spec) throw new Error(`template ${id} incomplete`);
  const [w, h] = size;
  return { key: `template-${id}`, w, h, scale: 1, widths: [300, 400, 600], draw: (d: Doc) => renderTemplate(d, w, h, spec) };
});

const packages: Art[] = [
  { key: 'package-social', w: 383, h: 575, scale: 2, widths: [383, 766], draw: (d) => social(d, 383, 575) },
  { key: 'package-delivery', w: 383, h: 287, scale: 2, widths: [383, 766], draw: (d) => delivery(d, 383, 287) },
  { key: 'package-ecommerce', w: 383, h: 726, scale: 2, widths: [383, 766], draw: (d) => ecommerce(d, 383, 726) },
];

const PW = 800;
function folio(i: number, draw: (d: Doc) => string): Art {
  return { key: `portfolio-${i}`, w: PW, h: PW, scale: 1, widths: [400, 800], draw };
}

const portfolio: Art[] = [
  folio(1, (d) => studio(d, PW, PW, placeFit(O.perfume(d, { liquid: '#f28ab2', cap: '#f7f2ee', plate: '#e7c98f' }), PW, PW, 400, 610, 0.52, 0.34), {
    wall: ['#ffe6ee', '#f7b2c8'], floor: '#f09bb8', horizon: 590, reflect: 0.25,
    back: [{ kind: 'ring', x: 400, y: 380, r: 230, color: '#ffffff', width: 10 }],
    front: [{ kind: 'petal', x: 200, y: 700, s: 1.1, rot: 30, color: '#ff9fbf' }, { kind: 'petal', x: 610, y: 730, s: 0.9, rot: -50, color: '#ffd0de' }, { kind: 'petal', x: 520, y: 680, s: 0.7, rot: 80, color: '#ff9fbf' }],
  })),
  folio(2, (d) => studio(d, PW, PW, placeFit(O.sneaker(d, { upper: '#f8fafc', accent: '#38bdf8', sole: '#e2e8f0' }), PW, PW, 400, 420, 0.28, 0.66, -14), {
    wall: ['#0f172a', '#1e293b'], floor: '#0b1220', horizon: 600, glow: '#38bdf8', glowOpacity: 0.45, vignette: 0.45, float: 200,
    podium: { color: '#1e3a5f', rx: 190, h: 60 },
    bokeh: [bokeh(d, PW, PW, ['#38bdf8', '#818cf8'], 'p2', 10)],
  })),
  folio(3, (d) => studio(d, PW, PW, placeFit(O.cake(d, { frost: '#fffaf3', drip: '#6b3a22', berry: '#e63946' }, 'p3'), PW, PW, 400, 600, 0.46, 0.42), {
    wall: ['#e3f8f0', '#a8e6cf'], floor: '#8fd6bb', horizon: 560, podium: { color: '#ffd3e0', rx: 210, h: 70 },
    back: [{ kind: 'sphere', x: 120, y: 600, r: 40, color: '#fff1b8' }],
    front: [{ kind: 'sphere', x: 680, y: 740, r: 24, color: '#e63946' }, { kind: 'sphere', x: 640, y: 752, r: 16, color: '#e63946' }],
  })),
  folio(4, (d) => darkStudio(d, PW, PW, placeFit(O.watch(d, { caseC: '#d4a373', dial: '#0d3b2e', strap: '#3b2a20', accent: '#f3d9b1' }), PW, PW, 400, 660, 0.66, 0.4), { wall: '#2b2118', light: '#ffd89b', rim: '#d4a373' })),
  folio(5, (d) => studio(d, PW, PW, placeFit(O.jar(d, { glass: '#fbf7f1', lid: '#3f3a36', accent: '#8a6a4a' }), PW, PW, 420, 600, 0.3, 0.36), {
    wall: ['#f7f0e6', '#e0cfb8'], floor: '#d2bea3', horizon: 600, gobo: true, podium: { color: '#efe5d7', rx: 200, h: 80 },
    back: [{ kind: 'leaf', x: 170, y: 690, s: 1.1, rot: -15, color: '#6d8f5a' }, { kind: 'block', x: 660, y: 690, w: 120, h: 160, color: '#e6d6c0' }],
  })),
  folio(6, (d) => studio(d, PW, PW, placeFit(O.drink(d, { drink: '#f28c28', cream: undefined }, 'p6'), PW, PW, 400, 650, 0.52, 0.3), {
    wall: ['#fff6cf', '#ffd166'], floor: '#f4b942', horizon: 560, glow: '#ffffff',
    back: [{ kind: 'sphere', x: 170, y: 620, r: 60, color: '#ffe066' }, { kind: 'sphere', x: 640, y: 600, r: 44, color: '#ff9f1c' }],
    front: [{ kind: 'drop', x: 260, y: 300, r: 10 }, { kind: 'drop', x: 560, y: 260, r: 8 }, { kind: 'drop', x: 520, y: 420, r: 12 }, { kind: 'leaf', x: 640, y: 790, s: 0.7, rot: -40, color: '#3f9d4a' }],
  })),
];

const guide: Art[] = pair('guide', 600, 600, (d) => O.tube(d, { body: '#eefaf2', cap: '#16a34a', accent: '#166534' }), (o) => placeFit(o, 600, 600, 300, 500, 0.6, 0.4),
  studioAfter(600, 600, { wall: ['#effdf4', '#b7ecc9'], floor: '#a3e0b8', horizon: 430, podium: { color: '#d6f5e1', rx: 130, h: 56 }, gobo: true, back: [{ kind: 'leaf', x: 120, y: 520, s: 0.7, rot: -18, color: '#3f8f5a' }, { kind: 'sphere', x: 470, y: 520, r: 26, color: '#ffffff' }] }), { deskY: 400 })
  .map((a) => ({ ...a, key: a.key === 'guide' ? 'guide-after' : 'guide-before', widths: [300, 600] }));

function og(d: Doc): string {
  const w = 1200;
  const h = 630;
  let s = rect(0, 0, w, h, d.lin([[0, '#166534'], [0.45, '#052e16'], [1, '#020617']], { x1: 0, y1: 0, x2: 1, y2: 1 }));
  s += circle(w * 0.5, h * 0.45, 420, '#22c55e', { opacity: 0.22, filter: d.blur(60) });
  const cards: Array<{ x: number; y: number; w: number; h: number; rot: number; spec: Parameters<typeof shot>[5] }> = [
    { x: 70, y: 170, w: 230, h: 300, rot: -12, spec: { subject: 'bottle', sp: ['#f3d3cb', '#c98f7a', '#ffffff', '#b5655b'], wall: ['#fde7e4', '#f2c1bb'], podium: '#f3c6c0' } },
    { x: 260, y: 120, w: 260, h: 340, rot: -6, spec: { subject: 'sneaker', sp: ['#f25f4c', '#1b3b6f'], wall: ['#d2f5ef', '#63c7ba'], rot: -10, fw: 0.8 } },
    { x: 470, y: 80, w: 300, h: 400, rot: 0, spec: { subject: 'perfume', sp: ['#d9a441', '#121212'], wall: ['#22304a', '#22304a'], dark: { light: '#f5d7a1', rim: '#ffd58a' } } },
    { x: 690, y: 120, w: 260, h: 340, rot: 6, spec: { subject: 'burger', sp: [], wall: ['#ffe29a', '#f6a04d'], fw: 0.76 } },
    { x: 900, y: 170, w: 230, h: 300, rot: 12, spec: { subject: 'jar', sp: ['#f3f5f0', '#b08d57', '', '#5b7f6a'], wall: ['#e8f2e9', '#afcbb5'], podium: '#ebe6dc' } },
  ];
  const r = new Rng('og');
  for (let i = 0; i < 16; i++) s += path(sparkle(r.range(40, w - 40), r.range(30, h - 30), r.range(4, 12)), '#bbf7d0', { opacity: r.range(0.4, 0.9) });
  const order = [0, 4, 1, 3, 2];
  for (const i of order) {
    const c = cards[i];
    if (!c) continue;
    const cx = c.x + c.w / 2;
    const cy = c.y + c.h / 2;
    s += g({ transform: `rotate(${c.rot} ${cx} ${cy})` },
      soft(d, cx + 10, cy + 24, c.w * 0.5, c.h * 0.5, '#000', 0.45, 18) +
      path(rrect(c.x - 6, c.y - 6, c.w + 12, c.h + 12, 26), '#ffffff', { opacity: 0.95 }) +
      shot(d, c.x, c.y, c.w, c.h, { ...c.spec, seed: `og${i}` }, 20));
  }
  // brand mark bottom centre
  s += g({ transform: `translate(${w / 2 - 28} ${h - 92})` }, path(rrect(0, 0, 56, 56, 14), '#16a34a') + circle(28, 28, 15, 'none', { stroke: '#ffffff', 'stroke-width': 4.5 }) + path(sparkle(28, 28, 9), '#ffffff'));
  return s;
}

export const ARTS: Art[] = [
  ...slides,
  ...services.sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true })),
  ...templates,
  ...packages,
  ...portfolio,
  ...guide,
  { key: 'og-image', w: 1200, h: 630, scale: 1, widths: [1200], jpeg: true, draw: og },
];

