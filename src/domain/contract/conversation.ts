/**
 * The order's conversation (D34, issue 35): the customer's side reads and writes it under the order's
 * number (the owner, the guest's `sessionId`, the private link's key), staff under the order's id,
 * with private notes only they ever read.
 */
import { z } from 'zod';
import { MESSAGE_CONTEXTS, MESSAGE_KINDS, MESSAGE_SIDES, SYSTEM_EVENTS } from '../conversation.ts';
import { ORDER_KEY_PATTERN } from '../orders.ts';
import { customerMessageSchema, customerReadSchema, messagesQuerySchema, staffMessageSchema, staffReadSchema } from '../validation/conversation.ts';
import { guestQuery } from './cart.ts';
import { fileSchema } from './files.ts';
import { SIGNED_IN, SIGNED_IN_OR_GUEST, dateTime, errorAnswers, ok, readByRoute, route } from './http.ts';
import { orderNumberParams } from './orders.ts';
import { uuidParams } from './params.ts';

export const messageSchema = z.object({
  seq: z.number().int().describe("The message's place in the order's stream: read the thread after it (`after`), or mark up to it read."),
  id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS).describe('`text` from a person; `system` for what happened to the order (paid, quote sent, draft delivered, ...).'),
  side: z.enum(MESSAGE_SIDES).describe("Who it comes from: the customer's side (the buyer or the private link), staff, or the order itself."),
  private: z.boolean().describe("Staff's note: staff alone ever read it."),
  body: z.string().nullable().describe('The text, line breaks kept; plain text, never HTML. Null for an entry.'),
  event: z.enum(SYSTEM_EVENTS).nullable().describe("An entry's event; null for a text."),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable().describe("An entry's facts: `from` and `to` statuses, a quote's `version`, a file `count`, a refund's `amount` (minor units) and `currency`."),
  context: z.enum(MESSAGE_CONTEXTS).nullable().describe('Where a text was written, when not in the thread: a question about a quote, the reason for declining it, a revision request, staff\'s comment.'),
  files: z.array(fileSchema),
  at: dateTime(),
});

/** What staff see of a message besides: who of them (or which signed-in customer) wrote it. */
export const staffMessageViewSchema = messageSchema.extend({
  author: z.string().nullable().describe("The e-mail of the signed-in person who wrote it or made the change; null for a guest, a private link, a provider or the store."),
});

const page = {
  lastSeq: z.number().int().describe('The last message of this page (or `after` when it is empty): ask again after it.'),
  hasMore: z.boolean().describe('More messages follow this page.'),
};

const readState = {
  readSeq: z.number().int().describe('How far this reader has read the thread (0: not yet).'),
  unread: z.number().int().describe("Texts from the other side after it (for the customer's side, staff's texts; for a staff member, the customer's)."),
};

export const orderMessages = route({
  operationId: 'orderMessages',
  summary: "The order's conversation", tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: "Texts from the customer's side and staff, and the order's own entries, oldest first, after `after`. Its owner (the user, the guest's `sessionId` or `x-guest-id` header) or the holder of its private link (`key`); anyone else: 404. Staff's private notes are never here.",
  params: orderNumberParams,
  querystring: guestQuery.extend({ ...messagesQuerySchema.shape, key: z.string().regex(ORDER_KEY_PATTERN).optional().describe("The private link's key (base64url).") }),
  response: { 200: ok({ messages: z.array(messageSchema), ...page, ...readState }), ...errorAnswers(400, 404, 429) },
});

export const postOrderMessage = route({
  operationId: 'postOrderMessage',
  summary: 'Write to staff about the order', tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: "Up to 4,000 characters, and files uploaded first through POST /api/uploads (their ids, the caller's own, not yet used). Its owner or the holder of its private link (`orderKey`); anyone else: 404.",
  params: orderNumberParams, querystring: guestQuery,
  body: customerMessageSchema.meta({ examples: [{ body: '배경색을 조금 더 밝게 할 수 있을까요?' }] }),
  response: { 201: ok({ message: messageSchema }), ...errorAnswers(400, 404, 429) },
});

export const staffOrderMessages = route({
  operationId: 'staffOrderMessages',
  summary: "The order's conversation with staff's private notes (staff)", tags: ['staff'], security: SIGNED_IN,
  description: 'Everything in the thread, private notes included, oldest first, after `after`.',
  params: uuidParams, querystring: messagesQuerySchema,
  response: { 200: ok({ messages: z.array(staffMessageViewSchema), ...page, ...readState }), ...errorAnswers(400, 401, 403, 404, 429) },
});

export const postStaffOrderMessage = route({
  operationId: 'postStaffOrderMessage',
  summary: 'Write to the customer, or a private note (staff)', tags: ['staff'], security: SIGNED_IN,
  description: 'A message the customer reads, or with `private: true` a note only staff ever read (its files too). Files are uploaded first through POST /api/uploads.',
  params: uuidParams,
  body: staffMessageSchema.meta({ examples: [{ body: '시안을 내일 오전에 보내드리겠습니다.' }, { body: '고객이 전화로 색상 변경을 요청함', private: true }] }),
  response: { 201: ok({ message: staffMessageViewSchema }), ...errorAnswers(400, 401, 403, 404, 429) },
});

export const markOrderMessagesRead = route({
  operationId: 'markOrderMessagesRead',
  summary: "Mark the order's conversation read up to a message", tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: "Everything up to `seq` counts as read for this reader (the signed-in person, or the browser's `sessionId`); never back, never past the last message. A text read in time is not mailed. Its owner or the holder of its private link (`orderKey`); anyone else: 404.",
  params: orderNumberParams, querystring: guestQuery,
  body: customerReadSchema,
  response: { 200: ok(readState), ...errorAnswers(400, 404, 429) },
});

export const markStaffOrderMessagesRead = route({
  operationId: 'markStaffOrderMessagesRead',
  summary: "Mark the order's conversation read up to a message (staff)", tags: ['staff'], security: SIGNED_IN,
  description: "For this staff member; the customer's texts it covers are not mailed to staff.",
  params: uuidParams, body: staffReadSchema,
  response: { 200: ok(readState), ...errorAnswers(400, 401, 403, 404, 429) },
});

export const waitingMessages = route({
  operationId: 'waitingMessages',
  summary: 'What waits for me in order conversations', tags: ['orders'], security: SIGNED_IN,
  description: "For the top bar's account menu: staff's texts the signed-in person has not read on their own orders, and for staff the orders whose customer waits for a reply. Not signed in: 401.",
  response: {
    200: ok({
      unread: z.number().int().describe("Staff's texts not yet read, across the caller's orders."),
      awaitingReply: z.number().int().nullable().describe('Staff only (else null): orders whose customer wrote last and waits for an answer.'),
    }),
    ...errorAnswers(401, 429),
  },
});

export const liveEvents = route({
  operationId: 'liveEvents',
  summary: 'Live events for order screens (Server-Sent Events)', tags: ['orders'], security: SIGNED_IN_OR_GUEST,
  description: [
    'One stream per tab (`text/event-stream`). `event: message` with `id: <seq>` and data `{"order": "<order number>", "seq": <seq>}` (staff also get `"id": "<order uuid>"`) when a message, a private note (staff only) or the order\'s own entry (paid, quote sent, draft delivered, ...) is added to an order the caller may see: fetch the thread or the order after it.',
    'Who: the signed-in person (staff: every order), a guest\'s browser (`sessionId`), or a private link (`order` and `key`). A new stream starts with `event: ready` whose `id` is its place; `Last-Event-ID` (or `lastEventId`) replays what was missed after it; `event: reset` when too much was, so reload. A comment line every 20 s keeps it open; `event: bye` ends it (a restart, with a `retry:`; the session ended).',
  ].join(' '),
  produces: ['text/event-stream'],
  querystring: guestQuery.extend({
    order: z.string().max(40).optional().describe("A private link's order number."),
    key: z.string().regex(ORDER_KEY_PATTERN).optional().describe("The private link's key."),
    lastEventId: z.string().regex(/^\d{1,15}$/).optional().describe('What the browser last received, when it cannot send the Last-Event-ID header.'),
  }),
  headers: z.object({ 'last-event-id': z.string().regex(/^\d{1,15}$/).optional() }).loose(),
  response: { 200: readByRoute(z.any().meta({ type: 'string', description: 'The event stream.' })), ...errorAnswers(400, 429) },
});

export type MessageAnswer = z.input<typeof messageSchema>;
