// Contact sheets of the artwork: every picture next to the words the store shows with it, so a
// look at one page tells whether each picture shows what its title names (DESIGN D20).
//
//   node scripts/artwork/contact-sheet.ts     (generate.ts runs it after every run)
//
// Reads the smallest rendered file of each key from public/artwork and the Korean and English
// catalogs, and writes docs/artwork/<group>.png plus docs/artwork.md (key -> titles and captions).

import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { ARTS, type Art } from './catalog.ts';
import { HERO_SLIDES, HERO_VARIANTS } from '../../src/web/features/home/hero-variant.ts';
import { SERVICES } from '../../src/domain/catalog/services.ts';
import { PACKAGES } from '../../src/domain/catalog/packages.ts';
import { TEMPLATES } from '../../src/domain/catalog/templates.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ART_DIR = join(ROOT, 'public', 'artwork');
const DOCS = join(ROOT, 'docs');
const LANGS = ['ko', 'en'] as const;
type Lang = (typeof LANGS)[number];

type Messages = Record<string, unknown>;

async function catalogs(lang: Lang): Promise<{ home: Messages; catalog: Messages }> {
  const read = async (ns: string) => JSON.parse(await readFile(join(ROOT, 'src', 'i18n', 'locales', lang, `${ns}.json`), 'utf8')) as Messages;
  return { home: await read('home'), catalog: await read('catalog') };
}

function at(messages: Messages, key: string): string {
  let value: unknown = messages;
  for (const part of key.split('.')) value = (value as Messages | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`contact sheet: no message ${key}`);
  return value.replace(/<\/?hl>/g, '');
}

/** What the store says next to a picture, in one language: a title line and detail lines. */
interface Words {
  title: string;
  details: string[];
}

function words(key: string, m: { home: Messages; catalog: Messages }, lang: Lang): Words {
  const ko = lang === 'ko';
  let match: RegExpMatchArray | null;
  if ((match = key.match(/^slide-(\d+)$/))) {
    const slide = Number(match[1]);
    const variants = HERO_VARIANTS.filter((v) => HERO_SLIDES[v].includes(slide));
    return {
      title: at(m.home, `slideshow.alt.${slide}`),
      details: variants.map((v) => `${ko ? '헤드라인' : 'headline'} ${v}: ${at(m.home, `hero.titles.${v}`)}`),
    };
  }
  if ((match = key.match(/^service-(\d+)(-before)?$/))) {
    const service = SERVICES.find((s) => s.id === Number(match![1]));
    if (!service) throw new Error(`contact sheet: no service for ${key}`);
    const name = at(m.catalog, `services.${service.slug}.name`);
    return { title: match[2] ? `${ko ? '원본' : 'Before'}: ${name}` : name, details: [] };
  }
  if ((match = key.match(/^template-(\d+)$/))) {
    const template = TEMPLATES.find((t) => t.id === Number(match![1]));
    if (!template) throw new Error(`contact sheet: no template for ${key}`);
    return {
      title: at(m.catalog, `templates.${template.id}.title`),
      details: [`${at(m.catalog, `templates.${template.id}.type`)} · ${at(m.catalog, `templateCategories.${template.category}`)}`],
    };
  }
  if ((match = key.match(/^package-(\w+)$/))) {
    const pkg = PACKAGES.find((p) => p.image === key);
    if (!pkg) throw new Error(`contact sheet: no package for ${key}`);
    return { title: at(m.catalog, `packages.${pkg.slug}.name`), details: [] };
  }
  if ((match = key.match(/^portfolio-(\d+)$/))) {
    const base = `portfolio.items.${match[1]}`;
    return { title: `${at(m.home, `${base}.title`)} · ${at(m.home, `${base}.category`)}`, details: [at(m.home, `${base}.alt`)] };
  }
  if (key === 'guide-before' || key === 'guide-after') return { title: at(m.home, `guide.images.${key}`), details: [] };
  if (key === 'og-image') return { title: ko ? '공유 미리보기 이미지 (og:image)' : 'Link preview image (og:image)', details: [] };
  throw new Error(`contact sheet: no words for ${key}`);
}

interface Group {
  name: string;
  heading: string;
  keys: (key: string) => boolean;
  cols: number;
  /** The box each picture is fitted into. */
  box: [number, number];
}

const GROUPS: Group[] = [
  { name: 'slides', heading: 'Slides (hero slideshow) and the headlines that open on them', keys: (k) => k.startsWith('slide-'), cols: 4, box: [330, 220] },
  { name: 'services', heading: 'Services: the finished picture and its "before"', keys: (k) => k.startsWith('service-'), cols: 4, box: [320, 240] },
  { name: 'templates', heading: 'Template shop', keys: (k) => k.startsWith('template-'), cols: 6, box: [220, 280] },
  { name: 'more', heading: 'Packages, portfolio, chat guide, link preview', keys: (k) => /^(package|portfolio|guide|og)-/.test(k), cols: 6, box: [220, 280] },
];

const PAD = 16;
const FONT = "'Noto Sans CJK KR', 'Noto Sans KR', 'Noto Sans', sans-serif";
const SIZE = { key: 12, title: 14, detail: 12 } as const;
const LINE = 1.4;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A rough advance width: CJK characters are square, the rest about half as wide. */
const textWidth = (s: string, size: number) => [...s].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? size : size * 0.56), 0);

function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
    while (textWidth(line, size) > width) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Line {
  text: string;
  size: number;
  weight: number;
  color: string;
}

function labelLines(key: string, byLang: Record<Lang, Words>, width: number): Line[] {
  const lines: Line[] = [{ text: key, size: SIZE.key, weight: 700, color: '#64748b' }];
  for (const lang of LANGS) {
    const w = byLang[lang];
    for (const text of wrap(w.title, SIZE.title, width)) lines.push({ text, size: SIZE.title, weight: lang === 'ko' ? 700 : 400, color: '#0f172a' });
    for (const detail of w.details) for (const text of wrap(detail, SIZE.detail, width)) lines.push({ text, size: SIZE.detail, weight: 400, color: '#475569' });
  }
  return lines;
}

const linesHeight = (lines: Line[]) => lines.reduce((h, l) => h + l.size * LINE, 0);

function smallestFile(art: Art): string {
  return join(ART_DIR, art.jpeg ? `${art.key}.jpg` : `${art.key}-${Math.min(...art.widths)}.webp`);
}

async function sheet(group: Group, arts: Art[], text: Record<Lang, { home: Messages; catalog: Messages }>): Promise<{ file: string; bytes: number }> {
  const [bw, bh] = group.box;
  const cellW = bw + PAD;
  const labels = arts.map((art) => labelLines(art.key, { ko: words(art.key, text.ko, 'ko'), en: words(art.key, text.en, 'en') }, bw));
  const rows: Art[][] = [];
  for (let i = 0; i < arts.length; i += group.cols) rows.push(arts.slice(i, i + group.cols));
  const headH = 56;
  const width = PAD + group.cols * cellW;
  const rowTops: number[] = [];
  let y = headH;
  rows.forEach((_, r) => {
    rowTops.push(y);
    const tallest = Math.max(...labels.slice(r * group.cols, (r + 1) * group.cols).map(linesHeight));
    y += bh + 10 + tallest + PAD * 1.5;
  });
  const height = Math.ceil(y);
  const composites: OverlayOptions[] = [];
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`;
  svg += `<text x="${PAD}" y="36" font-family="${FONT}" font-size="22" font-weight="700" fill="#0f172a">${escapeXml(group.heading)}</text>`;
  for (let i = 0; i < arts.length; i++) {
    const art = arts[i]!;
    const x = PAD + (i % group.cols) * cellW;
    const top = rowTops[Math.floor(i / group.cols)]!;
    const thumb = await sharp(smallestFile(art)).resize({ width: bw, height: bh, fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
    svg += `<rect x="${x}" y="${top}" width="${bw}" height="${bh}" fill="#e2e8f0"/>`;
    composites.push({ input: thumb.data, left: Math.round(x + (bw - thumb.info.width) / 2), top: Math.round(top + (bh - thumb.info.height) / 2) });
    let ly = top + bh + 10;
    for (const line of labels[i]!) {
      ly += line.size * LINE;
      svg += `<text x="${x}" y="${Math.round(ly - line.size * 0.3)}" font-family="${FONT}" font-size="${line.size}" font-weight="${line.weight}" fill="${line.color}">${escapeXml(line.text)}</text>`;
    }
  }
  svg += '</svg>';
  const file = join(DOCS, 'artwork', `${group.name}.png`);
  const png = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }, ...composites])
    .png({ palette: true, quality: 80, effort: 8, compressionLevel: 9 })
    .toBuffer();
  await writeFile(file, png);
  return { file, bytes: png.length };
}

function markdown(text: Record<Lang, { home: Messages; catalog: Messages }>): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const out = [
    '# Artwork and its words',
    '',
    'Generated by `npm run artwork` (scripts/artwork/contact-sheet.ts), do not edit. Every picture',
    'must show what the words next to it name (DESIGN D20); the contact sheets show them side by side:',
    '',
    ...GROUPS.map((g) => `- [${g.heading}](artwork/${g.name}.png)`),
    '',
  ];
  for (const group of GROUPS) {
    out.push(`## ${group.heading}`, '', '| key | 한국어 | English |', '| --- | --- | --- |');
    for (const art of ARTS.filter((a) => group.keys(a.key))) {
      const [ko, en] = LANGS.map((lang) => words(art.key, text[lang], lang)).map((w) => [w.title, ...w.details].map(cell).join('<br>'));
      out.push(`| \`${art.key}\` | ${ko} | ${en} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

export async function writeContactSheets(): Promise<{ files: string[]; bytes: number }> {
  const text = { ko: await catalogs('ko'), en: await catalogs('en') };
  await mkdir(join(DOCS, 'artwork'), { recursive: true });
  const files: string[] = [];
  let bytes = 0;
  for (const group of GROUPS) {
    const result = await sheet(group, ARTS.filter((a) => group.keys(a.key)), text);
    files.push(result.file);
    bytes += result.bytes;
  }
  const md = join(DOCS, 'artwork.md');
  await writeFile(md, markdown(text));
  files.push(md);
  return { files, bytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files, bytes } = await writeContactSheets();
  console.log(`contact sheets: ${files.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB of pictures in docs/artwork`);
}
