/**
 * A customer's own data (issue 36, D35): everything the store holds about them, to take away, as
 * JSON or as a zip with their files. A signed-in account gets its own; a private link's holder gets
 * that order's.
 */
import { z } from 'zod';
import { ORDER_KEY_PATTERN } from '../orders.ts';
import { SIGNED_IN, errorAnswers, readByRoute, route } from './http.ts';
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
