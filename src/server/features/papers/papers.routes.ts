/**
 * GET /api/orders/{orderId}/papers/{number} (an accessible page) and .../pdf (issue 34), for
 * whoever may view the order; 404 for anyone else. Made on request from what was stored at issue.
 * POST /api/orders/{orderId}/cash-receipt and .../tax-invoice: Korea's evidence of a cash payment.
 */
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contract from '../../../domain/contract/papers.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../../http/auth.ts';
import { queryGuestId, requestAccessor } from '../../http/accessor.ts';
import type { OrderLinks } from '../orders/order-links.ts';
import { paperDocument } from './paper-document.ts';
import { paperHtml } from './paper-html.ts';
import { paperPdf } from './paper-pdf.ts';
import { paperFor } from './papers.service.ts';
import { cashReceiptViewOf, requestCashReceipt, requestTaxInvoice, taxInvoiceViewOf } from './korean-evidence.service.ts';
import { DomainError } from '../../../domain/errors.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { paperUrls } from './paper-urls.ts';

/** Papers are private to their readers and never change: a browser may keep them, nobody else. */
const CACHE = 'private, max-age=86400, immutable';

export function registerPaperRoutes(server: FastifyInstance, deps: { db: Database; auth: Auth; links: OrderLinks; payments: PaymentsService }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, auth, links, payments } = deps;
  const rateLimit = { max: 120, timeWindow: '1 minute' };

  /** The paper, for whoever the request says it is (a session, `sessionId`, `orderKey`); NOT_FOUND for anyone else. */
  async function sourceOf(request: FastifyRequest<{ Params: { orderId: string; number: string }; Querystring: { orderKey?: string | undefined } }>) {
    const { orderId, number } = request.params;
    const accessor = await requestAccessor(auth, links, request, { guestId: queryGuestId(request), orderNumber: orderId, orderKey: request.query.orderKey }, { anonymous: true });
    return paperFor(db, accessor, orderId, number);
  }

  app.get('/api/orders/:orderId/papers/:number', { schema: contract.paperPage, config: { rateLimit } }, async (request, reply) => {
    const source = await sourceOf(request);
    const { orderId, number } = request.params;
    // The page's PDF link carries the access the page was opened with.
    const { pdfUrl } = paperUrls(orderId, number, { sessionId: request.query.sessionId, orderKey: request.query.orderKey });
    const html = paperHtml(paperDocument(source), pdfUrl);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', CACHE)
      .header('x-robots-tag', 'noindex')
      // A document of our own words: no script, nothing loaded, not framed.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      .send(html);
  });

  app.get('/api/orders/:orderId/papers/:number/pdf', { schema: contract.paperPdf, config: { rateLimit } }, async (request, reply) => {
    const source = await sourceOf(request);
    const document = paperDocument(source);
    const pdf = await paperPdf(document, source.paper.issuedAt);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(pdf.length))
      .header('content-disposition', contentDisposition(document.fileName, { type: 'attachment' }))
      .header('cache-control', CACHE)
      .header('x-robots-tag', 'noindex')
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });

  /** Who asks for Korea's evidence: the signed-in owner, the guest (its id), the private link's holder. */
  const askerOf = (request: FastifyRequest, orderNumber: string, input: { sessionId?: string | undefined; orderKey?: string | undefined }) =>
    requestAccessor(auth, links, request, { guestId: input.sessionId ?? queryGuestId(request), orderNumber, orderKey: input.orderKey });
  const asking = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  app.post('/api/orders/:orderId/cash-receipt', { schema: contract.requestCashReceipt, config: asking }, async (request, reply) => {
    const { orderId } = request.params;
    const input = request.body;
    const row = await requestCashReceipt(db, payments.providerNamed, await askerOf(request, orderId, input), orderId, input,
      (error) => request.log.warn({ err: error, orderNumber: orderId }, 'cash receipt: the provider did not answer; asked again later'));
    // The number it is issued to is the buyer's: never in the log.
    request.log.info({ orderNumber: orderId, status: row.status, purpose: row.purpose }, 'cash receipt asked for');
    const view = cashReceiptViewOf(row);
    if (row.status === 'refused') throw new DomainError('CASH_RECEIPT_REFUSED', { values: { reason: row.failure ?? '' } });
    return reply.status(row.status === 'issued' ? 201 : 202).send({ success: true as const, cashReceipt: view });
  });

  app.post('/api/orders/:orderId/tax-invoice', { schema: contract.requestTaxInvoice, config: asking }, async (request, reply) => {
    const { orderId } = request.params;
    const input = request.body;
    const row = await requestTaxInvoice(db, await askerOf(request, orderId, input), orderId, input);
    request.log.info({ orderNumber: orderId }, 'tax invoice asked for');
    return reply.status(201).send({ success: true as const, taxInvoice: taxInvoiceViewOf(row) });
  });
}
