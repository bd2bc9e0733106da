/** The customer's answers about their order: to a draft (issue 9) and to a quote (D28). */
import { z } from 'zod';
import { approveDraftSchema, revisionRequestSchema } from '../validation/deliverables.ts';
import { declineQuoteSchema, quoteQuestionSchema } from '../validation/orders.ts';
import { guestQuery } from './cart.ts';
import { SIGNED_IN_OR_GUEST, errorAnswers, ok, route } from './http.ts';
import { orderNumberParams } from './orders.ts';

const security = SIGNED_IN_OR_GUEST;
const reviewed = { status: z.enum(['completed', 'in_progress']), revisionsUsed: z.number().int(), message: z.string() };

export const approveDraft = route({
  operationId: 'approveDraft',
  description: "The customer accepts the delivered draft: the order is completed (D30). Its owner, its guest (`sessionId`) or the holder of its private link (`orderKey`); anyone else gets 404.",
  summary: 'Approve the draft: the order is completed', tags: ['orders'], security,
  params: orderNumberParams, querystring: guestQuery,
  body: approveDraftSchema.optional(),
  response: { 200: ok(reviewed), ...errorAnswers(400, 404, 409, 429) },
});

export const requestRevision = route({
  operationId: 'requestRevision',
  summary: 'Ask for a revision of the draft', tags: ['orders'], security,
  description: 'Within 7 days of the draft and within the free revisions of the catalog.',
  params: orderNumberParams, querystring: guestQuery,
  body: revisionRequestSchema.meta({ examples: [{ note: '배경을 조금 더 밝게 해주세요.' }] }),
  response: { 200: ok(reviewed), ...errorAnswers(400, 404, 409, 429) },
});

export const declineQuote = route({
  operationId: 'declineQuote',
  description: 'Only while the quote is open (`quoted`): the order is cancelled with the reason, which staff are mailed (D28). Nothing was paid, so nothing is refunded.',
  summary: 'Decline the quote (the order is cancelled, staff told)', tags: ['orders'], security,
  params: orderNumberParams, querystring: guestQuery,
  body: declineQuoteSchema,
  response: { 200: ok({ status: z.literal('cancelled'), message: z.string() }), ...errorAnswers(400, 404, 409, 429) },
});

export const askAboutQuote = route({
  operationId: 'askAboutQuote',
  description: 'The question is kept with the order and mailed to staff; the quote stays open (D28).',
  summary: 'Ask staff about the quote', tags: ['orders'], security,
  params: orderNumberParams, querystring: guestQuery,
  body: quoteQuestionSchema,
  response: { 201: ok({ question: z.object({ body: z.string(), at: z.iso.datetime({ offset: true }) }), message: z.string() }), ...errorAnswers(400, 404, 409, 429) },
});
