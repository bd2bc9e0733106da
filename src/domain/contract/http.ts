/**
 * The pieces every feature's contract is made of (docs/decisions/0029): the one error answer, the
 * security schemes, dates on the wire, and the types the web reads answers with. A contract module
 * (`src/domain/contract/<feature>.ts`) holds, per route, the zod schemas of its request and its
 * answers plus what the OpenAPI document says about it; the server registers the route with that
 * object (fastify-type-provider-zod), the web imports only its types (no zod reaches a page).
 */
import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { ERROR_CODES } from '../errors.ts';
import { V } from '../validation/messages.ts';

/** The one error answer of the whole API (src/server/http/errors.ts writes it). */
export const apiError = z.object({
  success: z.literal(false),
  /** The HTTP status, repeated for clients that only keep the body. */
  status: z.number().int(),
  code: z.enum(ERROR_CODES).describe('What went wrong, from a closed list.'),
  message: z.string().describe("One sentence for a person, in the request's language (Accept-Language)."),
  fields: z.record(z.string(), z.string()).optional().describe('Per field, what is wrong with it (validation failures), localized.'),
  requestId: z.string().describe('Also in the x-request-id header; quote it to support.'),
}).meta({
  // Published once as `#/components/schemas/ApiError` (an `id` in zod's global registry, where
  // every `.meta()` and `.describe()` of the contracts is kept).
  id: 'ApiError',
  description: 'Every error answer of the API has this shape.',
  examples: [{ success: false, status: 400, code: 'VALIDATION_FAILED', message: '입력값을 확인해 주세요.', fields: { customerEmail: '올바른 이메일을 입력해주세요' }, requestId: '0b6f0f0e-1d1c-4c55-9d1f-1f0a9c8e2d11' }],
});
export type ApiErrorBody = z.infer<typeof apiError>;

/** The error answers a route may give, by status: each is the one error shape. */
export function errorAnswers<const S extends readonly number[]>(...statuses: S): Record<S[number], typeof apiError> {
  return Object.fromEntries(statuses.map((status) => [status, apiError])) as Record<S[number], typeof apiError>;
}

/**
 * A moment: a `Date` in the server's hands, ISO 8601 text on the wire. `z.output` is the Date
 * (what services return and page loaders pass on), `z.input` the text (what a fetch reads).
 */
export const dateTime = () => z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/**
 * The store a call is for (issue 33, item 4), declared by every route that reads it: prices and
 * currency, the store an order, a brief or a message is placed in, the links a mail carries.
 */
export const storeCountryHeader = z.enum(COUNTRY_CODES, { error: V.invalidChoice }).optional().describe([
  `The store: ${COUNTRY_CODES.join(', ')}. Our pages send the store they show.`,
  'Without it: the store the `country` cookie remembers, else the first Accept-Language tag\'s region',
  '(en-AU → au), else its language\'s home (ko → kr, vi → vn, zh → cn, ms → my, ja and SPEC\'s other Asian countries → kr), else us.',
  'A value outside the list is refused (400 naming `x-store-country`).',
].join(' '));
export const storeHeaders = z.object({ 'x-store-country': storeCountryHeader });

/** Security requirements, by the schemes the document declares (D9). */
type Security = Array<Record<string, string[]>>;
export const SIGNED_IN: Security = [{ sessionCookie: [] }, { bearer: [] }];
/** Signed in, or a guest naming their guest id (D22): the schemes are optional. */
export const SIGNED_IN_OR_GUEST: Security = [{}, { sessionCookie: [] }, { bearer: [] }];

/**
 * Request parts that Fastify does not parse into JSON (multipart uploads, a webhook's raw bytes):
 * documented by their schema, checked by the route itself. The server's validator passes them.
 */
const documentedOnly = new WeakSet<z.ZodType>();
export function readByRoute<T extends z.ZodType>(schema: T): T {
  documentedOnly.add(schema);
  return schema;
}
export const isReadByRoute = (schema: unknown) => documentedOnly.has(schema as z.ZodType);

/** A route's contract: its request parts, its answers by status, and its words in the document. */
export interface RouteContract {
  /** Stable: generated clients name their functions by it. */
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  security?: ReadonlyArray<Record<string, readonly string[]>>;
  deprecated?: boolean;
  consumes?: readonly string[];
  produces?: readonly string[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
  response: Record<number, z.ZodType>;
}

/** Checks a contract's shape while keeping its literal type (the server and the web read it). */
export const route = <const C extends RouteContract>(contract: C): C => contract;

/** The answer of a route at a status, as it travels (dates as text): what the web reads. */
export type Answer<C extends { response: Record<number, z.ZodType> }, S extends keyof C['response'] = 200 & keyof C['response']> =
  C['response'][S] extends z.ZodType ? z.input<C['response'][S]> : never;

/** The same answer as the server builds it and a page loader passes it on (dates as `Date`). */
export type Built<C extends { response: Record<number, z.ZodType> }, S extends keyof C['response'] = 200 & keyof C['response']> =
  C['response'][S] extends z.ZodType ? z.output<C['response'][S]> : never;

/** What a route's body accepts, as a client writes it. */
export type RequestBody<C extends { body?: z.ZodType }> = C['body'] extends z.ZodType ? z.input<C['body']> : never;

/** `{ success: true }` and the rest: every successful answer starts so (SPEC section 7). */
export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
