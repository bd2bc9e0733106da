/**
 * A paper laid out as a PDF (issue 34), set with pdfkit on A4 in the fonts of paper-fonts.ts;
 * loaded through paper-pdf.ts on the first paper a process makes. The words and
 * amounts are the document's (paper-document.ts); this file only places them. The PDF is made on
 * request, the same every time: its dates are the paper's, not the moment it was drawn.
 */
import PDFDocument from 'pdfkit';
import { BRAND } from '../../../domain/site.ts';
import type { PaperDocument } from './paper-document.ts';
import { fontNamed, runsOf, type Weight } from './paper-fonts.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT = PAGE.width - PAGE.margin * 2;
const INK = '#1a1a1a';
const MUTED = '#5c5c5c';
const RULE = '#d0d0d0';

interface Place {
  x: number;
  y: number;
  width: number;
  size?: number;
  weight?: Weight;
  color?: string;
  align?: 'left' | 'right';
}

type Doc = InstanceType<typeof PDFDocument>;

/** Writes `text` in runs of the fonts that have its characters; answers the y below it. */
function put(doc: Doc, lang: PaperDocument['lang'], used: Set<string>, text: string, place: Place): number {
  const runs = runsOf(text, lang, place.weight ?? 'regular');
  doc.fontSize(place.size ?? 10).fillColor(place.color ?? INK);
  runs.forEach((run, i) => {
    if (!used.has(run.font)) {
      // pdfkit takes a fontkit font as it is (0.20; its type definitions still say a path or bytes).
      doc.registerFont(run.font, fontNamed(run.font) as unknown as string);
      used.add(run.font);
    }
    doc.font(run.font);
    const continued = i < runs.length - 1;
    // No glyph composition: it splits Vietnamese letters the fonts have whole (ẹ) into a base and a
    // mark that copies out of the PDF as a control character.
    const features = { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];
    if (i === 0) doc.text(run.text, place.x, place.y, { width: place.width, align: place.align ?? 'left', continued, lineGap: 1.5, features });
    else doc.text(run.text, { continued, features });
  });
  return runs.length ? doc.y : place.y;
}

/** The PDF of a paper, as bytes. */
export function layPaperPdf(paper: PaperDocument, issuedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: paper.lang,
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: `${paper.title} ${paper.number}`, Author: BRAND, Subject: paper.title, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const used = new Set<string>();
  const write = (text: string, place: Place) => put(doc, paper.lang, used, text, place);
  const left = PAGE.margin;
  const bottom = PAGE.height - PAGE.margin - 40;
  const newPageIfBelow = (y: number, room: number) => {
    if (y + room <= bottom) return y;
    doc.addPage();
    return PAGE.margin;
  };

  // Title and brand.
  write(BRAND, { x: left, y: PAGE.margin, width: CONTENT, size: 10, color: MUTED, align: 'right' });
  let y = write(paper.title, { x: left, y: PAGE.margin, width: CONTENT * 0.7, size: 22, weight: 'bold' }) + 14;

  // Number, dates, order, payment: two columns of label and value.
  const factWidth = CONTENT / 2 - 10;
  paper.facts.forEach((fact, i) => {
    const x = left + (i % 2) * (factWidth + 20);
    const rowY = y;
    write(fact.label, { x, y: rowY, width: 110, size: 9, color: MUTED });
    const below = write(fact.value, { x: x + 112, y: rowY, width: factWidth - 112, size: 10 });
    if (i % 2 === 1 || i === paper.facts.length - 1) y = Math.max(below, rowY + 14) + 4;
  });
  y += 12;

  // Seller and buyer side by side.
  const partyWidth = CONTENT / 2 - 10;
  const partyY = y;
  const party = (block: { heading: string; lines: string[] }, x: number) => {
    let py = write(block.heading, { x, y: partyY, width: partyWidth, size: 9, color: MUTED, weight: 'bold' }) + 2;
    block.lines.forEach((line, i) => { py = write(line, { x, y: py, width: partyWidth, size: i === 0 ? 11 : 9.5, weight: i === 0 ? 'bold' : 'regular' }) + 1; });
    return py;
  };
  const sellerBottom = party(paper.seller, left);
  const buyerBottom = paper.buyer ? party(paper.buyer, left + partyWidth + 20) : partyY;
  y = Math.max(sellerBottom, buyerBottom) + 20;

  // The lines.
  const amountWidth = 95;
  const taxWidth = paper.columns.tax ? 80 : 0;
  const quantityWidth = 40;
  const descriptionWidth = CONTENT - amountWidth - taxWidth - quantityWidth - 24;
  const columnsX = {
    description: left + 4,
    quantity: left + 4 + descriptionWidth + 8,
    tax: left + 4 + descriptionWidth + 8 + quantityWidth + 8,
    amount: PAGE.width - PAGE.margin - 4 - amountWidth,
  };
  const header = (at: number) => {
    doc.rect(left, at - 5, CONTENT, 22).fill('#f2f2f2');
    write(paper.columns.description, { x: columnsX.description, y: at, width: descriptionWidth, size: 9, weight: 'bold', color: MUTED });
    write(paper.columns.quantity, { x: columnsX.quantity, y: at, width: quantityWidth, size: 9, weight: 'bold', color: MUTED, align: 'right' });
    if (paper.columns.tax) write(paper.columns.tax, { x: columnsX.tax, y: at, width: taxWidth, size: 9, weight: 'bold', color: MUTED, align: 'right' });
    write(paper.columns.amount, { x: columnsX.amount, y: at, width: amountWidth, size: 9, weight: 'bold', color: MUTED, align: 'right' });
    return at + 24;
  };
  y = header(y);
  for (const line of paper.lines) {
    const before = y;
    y = newPageIfBelow(y, 30);
    if (y !== before) y = header(y);
    const rowY = y;
    const bottoms = [
      write(line.description, { x: columnsX.description, y: rowY, width: descriptionWidth }),
      write(line.quantity, { x: columnsX.quantity, y: rowY, width: quantityWidth, align: 'right' }),
      line.tax ? write(line.tax, { x: columnsX.tax, y: rowY, width: taxWidth, align: 'right' }) : rowY,
      write(line.amount, { x: columnsX.amount, y: rowY, width: amountWidth, align: 'right' }),
    ];
    y = Math.max(...bottoms) + 6;
    doc.moveTo(left, y - 3).lineTo(left + CONTENT, y - 3).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  y += 8;

  // Totals, right-aligned.
  y = newPageIfBelow(y, 20 * paper.totals.length);
  const totalsX = left + CONTENT / 2;
  for (const total of paper.totals) {
    const weight: Weight = total.strong ? 'bold' : 'regular';
    const size = total.strong ? 12 : 10;
    const a = write(total.label, { x: totalsX, y, width: CONTENT / 2 - amountWidth - 12, size, weight, align: 'right' });
    const b = write(total.value, { x: columnsX.amount, y, width: amountWidth, size, weight, align: 'right' });
    y = Math.max(a, b) + 5;
  }
  y += 14;

  for (const note of paper.notes) {
    y = newPageIfBelow(y, 24);
    y = write(note, { x: left, y, width: CONTENT, size: 9, color: MUTED }) + 4;
  }

  // The footer on the page the paper ends on.
  write(paper.footer, { x: left, y: PAGE.height - PAGE.margin - 12, width: CONTENT, size: 8, color: MUTED });
  doc.end();
  return done;
}
