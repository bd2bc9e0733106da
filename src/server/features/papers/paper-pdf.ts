/**
 * A paper as a PDF (issue 34). pdfkit and the fonts' parser are loaded with the first paper a
 * process makes, not at start: they cost about 150 ms and 34 MB, and most processes serve pages
 * for a long while before anyone downloads a paper or a paid order's mail is sent.
 */
import type { PaperDocument } from './paper-document.ts';

let layout: Promise<typeof import('./paper-pdf-layout.ts')> | undefined;

/** The PDF of a paper, as bytes; the same every time (its dates are the paper's). */
export async function paperPdf(paper: PaperDocument, issuedAt: Date): Promise<Buffer> {
  const { layPaperPdf } = await (layout ??= import('./paper-pdf-layout.ts'));
  return layPaperPdf(paper, issuedAt);
}
