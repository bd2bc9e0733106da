/** A paid order's papers (issue 34): each as an accessible HTML page and as a PDF. */
import { z } from 'zod';
import { ORDER_KEY_PATTERN } from '../orders.ts';
import { PAPER_NUMBER_PATTERN } from '../tax/papers.ts';
import { guestQuery } from './cart.ts';
import { SIGNED_IN_OR_GUEST, errorAnswers, readByRoute, route } from './http.ts';
import { orderNumberParams } from './orders.ts';

const paperParams = orderNumberParams.extend({ number: z.string().regex(PAPER_NUMBER_PATTERN).describe('The paper\'s number, e.g. SL-AU-2026-000123.') });

/** Who may read a paper: whoever may view its order (a session, the guest's id, the private link). */
const paperQuery = guestQuery.extend({ orderKey: z.string().regex(ORDER_KEY_PATTERN).optional().describe("The order's private-link key (D22).") });

const access = "To whoever may view the order: the signed-in owner or staff, the guest naming its `sessionId`, the holder of the private link (`orderKey`). Anyone else, and a paper that is not the order's: 404. Papers never change after issue.";

export const paperPage = route({
  operationId: 'paperPage',
  summary: 'A paper of my order, as a page', tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: `The receipt, tax invoice or credit note as an accessible HTML page in the order's language, printable on A4. ${access}`,
  produces: ['text/html'],
  params: paperParams,
  querystring: paperQuery,
  response: { 200: readByRoute(z.string().meta({ description: 'The paper as HTML.' })), ...errorAnswers(400, 404, 429) },
});

export const paperPdf = route({
  operationId: 'paperPdf',
  summary: 'A paper of my order, as a PDF', tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: `The same paper as a PDF with its fonts embedded, named by its number. ${access}`,
  produces: ['application/pdf'],
  params: paperParams,
  querystring: paperQuery,
  response: { 200: readByRoute(z.any().meta({ type: 'string', format: 'binary', description: 'The PDF.' })), ...errorAnswers(400, 404, 429) },
});
