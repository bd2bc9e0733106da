/**
 * A paid order's papers as PDF attachments of its paid-order mail (issue 34): its receipt, and its
 * tax invoice where the store issues one, numbered before the mail goes (numberedPapersOf), so no
 * mail goes out with a paper missing.
 */
import type { Database } from '../../db/client.ts';
import type { orders } from '../../db/schema.ts';
import { paperDocument } from './paper-document.ts';
import { paperPdf } from './paper-pdf.ts';
import { numberedPapersOf, sourcesOf } from './papers.service.ts';

export interface PaperAttachment {
  filename: string;
  content: Buffer;
  contentType: 'application/pdf';
  /** How the mail names it: its title and number. */
  label: string;
}

export async function paidPaperAttachments(db: Database, order: typeof orders.$inferSelect): Promise<PaperAttachment[]> {
  const sources = await sourcesOf(db, order, await numberedPapersOf(db, order.id, { ownOnly: true }));
  return Promise.all(sources.map(async (source) => {
    const document = paperDocument(source);
    return { filename: document.fileName, content: await paperPdf(document, source.paper.issuedAt), contentType: 'application/pdf' as const, label: `${document.title} ${document.number}` };
  }));
}
