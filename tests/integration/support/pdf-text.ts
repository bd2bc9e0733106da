/** The text of a PDF as a reader's copy-paste would give it, page by page, through Mozilla's pdf.js. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; info: Record<string, unknown> }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return { text: pages.join('\n').normalize('NFC'), pages: pdf.numPages, info: info as Record<string, unknown> };
}
