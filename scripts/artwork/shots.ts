// "Shot": a product drawer placed on a studio set, fitted into any frame.
// Used by templates, mockups, the portfolio and the OG collage.

import { Doc, rect, g, darken, mix, rrect } from './lib.ts';
import { DRAWERS, type Obj } from './objects.ts';
import { figure } from './worlds.ts';
import { studio, darkStudio, type Prop, type Placed } from './scenes.ts';

export const SUBJECTS: Record<string, (d: Doc, p: readonly string[], seed: string) => Obj> = {
  ...DRAWERS,
  figure: (d, p) => figure(d, { coat: p[0] || '#b48b64', pants: p[1] || '#2b2b2b', skin: p[2] || '#e3b89c', hair: p[3] || '#2b1d16' }),
};

export interface ShotSpec {
  subject: string;
  sp: readonly string[];
  wall: [string, string];
  seed?: string;
  floor?: string;
  podium?: string | null;
  arch?: string | null;
  fx?: number;
  fy?: number;
  fh?: number;
  fw?: number;
  dark?: { light: string; rim: string };
  gobo?: boolean;
  props?: 'spheres' | 'leaves' | 'drops' | 'none';
  horizon?: number | null;
  glow?: string;
  glowOpacity?: number;
  vignette?: number;
  reflect?: number;
  rot?: number;
  noWall?: boolean;
}

export function fit(obj: Obj, w: number, h: number, fh: number, fw: number): number {
  return Math.min((fh * h) / obj.h, (fw * w) / obj.w);
}

/** Draws a studio shot into 0..w x 0..h. */
export function shotScene(d: Doc, w: number, h: number, s: ShotSpec): string {
  const draw = SUBJECTS[s.subject];
  if (!draw) throw new Error(`unknown subject ${s.subject}`);
  const obj = draw(d, s.sp, s.seed ?? s.subject);
  const podium = s.podium === undefined ? null : s.podium;
  const fh = s.fh ?? (podium ? 0.5 : 0.58);
  const fw = s.fw ?? 0.62;
  const sc = fit(obj, w, h, fh, fw);
  const x = (s.fx ?? 0.5) * w;
  const y = (s.fy ?? (podium ? 0.72 : 0.8)) * h;
  const placed: Placed = { obj, x, y, s: sc, rot: s.rot };
  if (s.dark) return darkStudio(d, w, h, placed, { wall: s.wall[0], light: s.dark.light, rim: s.dark.rim });
  const ow = obj.w * sc;
  const hz = s.horizon === undefined ? h * 0.66 : s.horizon;
  const back: Prop[] = [];
  const front: Prop[] = [];
  const floorY = podium ? y + h * 0.1 : y;
  if (s.props === 'spheres') {
    back.push({ kind: 'sphere', x: x - ow * 0.75 - h * 0.05, y: floorY + h * 0.02, r: h * 0.07, color: mix(s.wall[1], '#ffffff', 0.35) });
    front.push({ kind: 'sphere', x: x + ow * 0.7 + h * 0.04, y: floorY + h * 0.06, r: h * 0.045, color: darken(s.wall[1], 0.12) });
  } else if (s.props === 'leaves') {
    back.push({ kind: 'leaf', x: x - ow * 0.55 - h * 0.08, y: floorY + h * 0.02, s: h / 900, rot: -18, color: '#5f8f5a' });
    back.push({ kind: 'leaf', x: x + ow * 0.55 + h * 0.08, y: floorY + h * 0.02, s: h / 1200, rot: 22, color: '#4f7f4a' });
  } else if (s.props === 'drops') {
    for (let i = 0; i < 7; i++) front.push({ kind: 'drop', x: x + Math.cos(i * 2.1) * ow * 0.9, y: y - obj.h * sc * (0.2 + (i % 4) * 0.2), r: h * (0.008 + (i % 3) * 0.006) });
  }
  return studio(d, w, h, placed, {
    wall: s.wall,
    floor: s.floor,
    horizon: hz,
    podium: podium ? { color: podium, rx: Math.min(ow * 0.72 + w * 0.02, w * 0.42), h: h * 0.1 } : undefined,
    arch: s.arch ? { color: s.arch, w: Math.min(w * 0.62, ow * 1.6 + w * 0.12), h: h * 0.86 } : undefined,
    back,
    front,
    gobo: s.gobo,
    glow: s.glow,
    glowOpacity: s.glowOpacity,
    vignette: s.vignette ?? 0.14,
    reflect: s.reflect,
    noWall: s.noWall,
  });
}

/** Shot placed at (x, y) in a frame of w x h with rounded corners r. */
export function shot(d: Doc, x: number, y: number, w: number, h: number, s: ShotSpec, r = 0): string {
  const clip = d.clip(r ? `<path d="${rrect(0, 0, w, h, r)}"/>` : rect(0, 0, w, h, '#000'));
  return g({ transform: `translate(${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10})` }, g({ 'clip-path': clip }, shotScene(d, w, h, s)));
}
