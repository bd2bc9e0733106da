/** Project briefs (SPEC section 7, D17, D22): a customer or guest writes one per order; staff set its status. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../statuses.ts';
import { createBriefSchema } from '../validation/briefs.ts';
import { briefStatusSchema } from '../validation/admin.ts';
import { guestQuery } from './cart.ts';
import { briefSchema } from './files.ts';
import { SIGNED_IN, SIGNED_IN_OR_GUEST, errorAnswers, ok, route, storeHeaders, type Answer } from './http.ts';
import { uuidParams } from './params.ts';

const tags = ['briefs'];

export const createBrief = route({
  operationId: 'createBrief',
  headers: storeHeaders,
  summary: 'Write the project brief of an order (or open a consultation)', tags, security: SIGNED_IN_OR_GUEST,
  description: [
    'With `orderId`, the brief of that order (paid, or a guest\'s from the same browser or its private link). Without it, a consultation order is opened for the quote-only `serviceId` (D17).',
    "At least one of `style`, `colorTone`, `usage`. `uploadedFiles` are ids from POST /api/uploads (SPEC sends file names; ids name them). `serviceName`, `servicePrice` and `deliveryTime` come from the order or the catalog; the page's are kept only when nothing else knows them.",
  ].join('\n\n'),
  body: createBriefSchema.meta({
    examples: [{ serviceId: 6, serviceName: '맞춤 크리에이티브', style: ['modern'], colorTone: ['bright'], usage: ['sns', 'ecommerce'], additionalRequests: '여름 신메뉴 사진', referenceNotes: '', uploadedFiles: [] }],
  }),
  response: {
    201: ok({ briefId: z.uuid(), orderId: z.string(), orderStatus: z.enum(ORDER_STATUSES), brief: briefSchema, message: z.string() }),
    ...errorAnswers(400, 404, 409, 422, 429),
  },
});

export const myBriefs = route({
  operationId: 'myBriefs',
  description: "The caller's briefs, newest first, with their files: a guest's by `sessionId`, a signed-in customer's by the session.",
  summary: 'My briefs', tags, security: SIGNED_IN_OR_GUEST, querystring: guestQuery,
  response: { 200: ok({ briefs: z.array(briefSchema) }), ...errorAnswers(400) },
});

export const setBriefStatus = route({
  operationId: 'setBriefStatus',
  description: 'pending, in_review, approved or rejected; the order itself moves through its own lifecycle.',
  summary: "Set a brief's status (staff)", tags: ['staff'], security: SIGNED_IN,
  params: uuidParams,
  body: briefStatusSchema.meta({ examples: [{ status: 'in_review' }] }),
  response: { 200: ok({ id: z.uuid(), status: briefSchema.shape.status }), ...errorAnswers(400, 401, 403, 404) },
});

export type CreatedBrief = Answer<typeof createBrief, 201>;
