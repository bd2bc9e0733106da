/**
 * A customer's own data (issue 36, D35): everything the store holds about them, to take away, as
 * JSON or as a zip with their files. A signed-in account gets its own; a private link's holder gets
 * that order's.
 */
import { z } from 'zod';
import { ORDER_KEY_PATTERN } from '../orders.ts';
import { eraseAccountSchema, eraseOrderSchema } from '../validation/privacy.ts';
import { SIGNED_IN, errorAnswers, ok, readByRoute, route } from './http.ts';
import { orderNumberParams } from './orders.ts';

const tags = ['privacy'];
const json = readByRoute(z.any().meta({ type: 'object', description: 'The data, format `studio-lumi-customer-data` version 1: the account, every order as the customer sees it (with its conversation\'s public messages, papers and files\' links), the cart, the contact-form messages sent from the proven address, and the list of files.' }));
const zip = readByRoute(z.any().meta({ type: 'string', format: 'binary', description: 'A zip: `data.json`, `README.txt` and `files/` with every file the customer may read.' }));
const linkQuery = z.object({ key: z.string().regex(ORDER_KEY_PATTERN).describe("The private link's key (base64url).") });
const linkAccess = 'For whoever holds the order\'s private link (D22): that order only. A wrong key, or another order: 404.';

export const myData = route({
  operationId: 'myData',
  summary: 'Everything the store holds about me, as JSON', tags, security: SIGNED_IN,
  description: 'Sent as an attachment and never cached. Staff\'s private notes, staff\'s addresses and anything of anyone else are never in it. At most 20 an hour.',
  response: { 200: json, ...errorAnswers(401, 429) },
});

export const myDataZip = route({
  operationId: 'myDataZip',
  summary: 'Everything the store holds about me, with my files, as a zip', tags, security: SIGNED_IN,
  description: 'The same JSON, a short README in my language, and each file I may read, streamed one after another.',
  produces: ['application/zip'],
  response: { 200: zip, ...errorAnswers(401, 429) },
});

export const orderData = route({
  operationId: 'orderData',
  summary: "An order's data, through its private link, as JSON", tags,
  description: linkAccess,
  params: orderNumberParams,
  querystring: linkQuery,
  response: { 200: json, ...errorAnswers(400, 404, 429) },
});

export const orderDataZip = route({
  operationId: 'orderDataZip',
  summary: "An order's data with its files, through its private link, as a zip", tags,
  description: linkAccess,
  produces: ['application/zip'],
  params: orderNumberParams,
  querystring: linkQuery,
  response: { 200: zip, ...errorAnswers(400, 404, 429) },
});

const erased = ok({
  message: z.string().describe('Said to the person, in their language.'),
  erased: z.object({
    orders: z.number().int().describe('Orders detached from the person (kept with their amounts and papers).'),
    cancelled: z.number().int().describe('Unpaid orders cancelled with it.'),
    papersKept: z.number().int().describe('Papers kept as issued, for the tax law.'),
    files: z.number().int().describe('Files deleted.'),
  }),
});
const erasureRules = 'One transaction: the account (or the order\'s customer details), what the person wrote, staff\'s texts to them, every file, the cart and unsent mails go; orders, amounts, payments, refunds and papers stay, detached from the person, for the years tax law asks (5 in Korea). Refused with 409 ERASURE_BLOCKED (naming the orders) while an order is paid and not finished, or a refund, a cash receipt or a payment is still under way. Unpaid orders are cancelled, without mail. A confirmation goes to the erased address, once. At most 5 an hour.';

export const eraseAccount = route({
  operationId: 'eraseAccount',
  summary: 'Delete my account and my personal data', tags, security: SIGNED_IN,
  description: `${erasureRules} Needs the current password (an account without one: a Google sign-in of the last few minutes, else 403 RECENT_SIGN_IN_REQUIRED). A staff account is refused (403): its role is removed first. Every session of the account ends and the cookie is cleared.`,
  body: eraseAccountSchema,
  response: { 200: erased, ...errorAnswers(400, 401, 403, 409, 429) },
});

export const eraseOrder = route({
  operationId: 'eraseOrder',
  summary: "Delete a guest order's personal data, through its private link", tags,
  description: `${erasureRules} For the holder of the order's private link, who types the order's e-mail address again (400 naming \`email\` when it is not the one). A wrong key, another order, or one already erased: 404.`,
  params: orderNumberParams,
  body: eraseOrderSchema,
  response: { 200: erased, ...errorAnswers(400, 404, 409, 429) },
});
