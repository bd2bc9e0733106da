/**
 * The API contract at the HTTP edge (docs/decisions/0029). Routes are registered with the zod
 * schemas of `src/domain/contract/*` through fastify-type-provider-zod's types; this file gives
 * Fastify the compilers that read them:
 *
 * - requests: the same answers `parseBody`/`parseQuery` gave before (a body that is not a JSON
 *   object is INVALID_JSON, a field off is VALIDATION_FAILED with localized per-field messages,
 *   a malformed path parameter is NOT_FOUND like an unknown one), so the error mapper writes them
 *   in the one error shape;
 * - answers: written with JSON.stringify as before, so production pays nothing for the contract;
 *   in tests (and under `react-router dev`) each answer is also checked against its schema, and a
 *   field the schema does not name is refused too (a service that starts returning one more
 *   column must not reach the wire unnoticed): a drift is a 500 in tests, never in the field.
 *
 * Guards that must answer before the request is validated (sign-in, staff role, per-IP limits)
 * run in the route's `preValidation`, as they ran before the handler parsed its body.
 */
import { STATUS_CODES } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, isReadByRoute } from '../../domain/contract/http.ts';
import { DomainError } from '../../domain/errors.ts';
import { fieldErrors } from '../../domain/validation/schema-helpers.ts';
import { wireEditOf } from '../../domain/validation/wire.ts';
import { COMPANY } from '../../domain/site.ts';
import { SESSION_COOKIE } from '../features/accounts/sessions.ts';

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

const refused = (error: z.ZodError) => new DomainError('VALIDATION_FAILED', { fields: fieldErrors(error) });

/** Validates a request part with its zod schema and answers as the handlers' parsers did. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isZod(schema)) throw new Error('a route schema must be a zod schema (src/domain/contract)');
  if (isReadByRoute(schema)) return () => true;
  if (httpPart === 'params') {
    return (data) => {
      const result = schema.safeParse(data ?? {});
      return result.success ? { value: result.data } : { error: new DomainError('NOT_FOUND') };
    };
  }
  if (httpPart === 'body') {
    // A route whose body is optional (a cancel without a reason) reads a missing one as `{}`.
    const optional = schema.safeParse(undefined).success;
    return (data) => {
      const body = data === null && optional ? {} : data;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return { error: new DomainError('INVALID_JSON') };
      const result = schema.safeParse(body);
      return result.success ? { value: result.data } : { error: refused(result.error) };
    };
  }
  // Headers are checked, never replaced: the schema names the few a route reads, and every
  // other header must stay on the request.
  if (httpPart === 'headers') {
    return (data) => {
      const result = schema.safeParse(firstValues(data));
      return result.success ? { value: data } : { error: refused(result.error) };
    };
  }
  // Query strings: a key given twice (?key=a&key=b) is read as its first value, as the handlers
  // read it before, rather than refused as a list.
  return (data) => {
    const result = schema.safeParse(firstValues(data));
    return result.success ? { value: result.data } : { error: refused(result.error) };
  };
};

function firstValues(data: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = { ...(data ?? {}) as Record<string, unknown> };
  for (const [key, value] of Object.entries(values)) if (Array.isArray(value)) values[key] = value[0];
  return values;
}

/** Where `sent` holds keys that `kept` (its encoding by the schema, which leaves out what the schema does not name) lacks. */
function unnamedKeys(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => unnamedKeys(item, kept[i], `${path}[${i}]`));
  if (!sent || !kept || typeof sent !== 'object' || typeof kept !== 'object' || sent instanceof Date) return [];
  return Object.keys(sent).flatMap((key) => {
    if ((sent as Record<string, unknown>)[key] === undefined) return [];
    if (!(key in kept)) return [`${path}.${key}`];
    return unnamedKeys((sent as Record<string, unknown>)[key], (kept as Record<string, unknown>)[key], `${path}.${key}`);
  });
}

/** Answers as JSON.stringify writes them; `check` also holds each against its schema first. */
export function serializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!check || !isZod(schema) || isReadByRoute(schema)) return (data) => JSON.stringify(data);
    return (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) {
        throw new Error(`${method} ${url} answered ${httpStatus} outside its contract: ${z.prettifyError(result.error)}`);
      }
      const unnamed = unnamedKeys(data, result.data);
      if (unnamed.length) throw new Error(`${method} ${url} answered ${httpStatus} with fields its contract does not name: ${unnamed.join(', ')}`);
      return JSON.stringify(data);
    };
  };
}

const TAKES_A_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Answers any documented route may give that no route writes itself (issue 33, item 5), added to
 * its contract before the document and the serializers read it: 431 when the address or headers
 * are over Node's limit, and for the methods that carry a body 413 (over the body limit) and 415
 * (a content type the route does not read). Each in the one error shape.
 */
function withAnswersOfEveryRoute(route: RouteOptions): void {
  const response = (route.schema as { response?: Record<number, unknown> } | undefined)?.response;
  if (!response || !isDocumented(route.url)) return;
  const takesBody = [route.method].flat().some((method) => TAKES_A_BODY.has(method));
  const shared = { 431: apiError, ...(takesBody ? { 413: apiError, 415: apiError } : {}) };
  route.schema = { ...route.schema, response: { ...shared, ...response } };
}

/** Marks an operation whose body may be left out (@fastify/swagger copies `x-` keys onto the operation). */
const OPTIONAL_BODY = 'x-optional-body';

/** The document's groups, in the order a reader meets them. */
const TAGS = [
  { name: 'accounts', description: 'Sign-up, sign-in (password or Google), the session, the profile and passwords (SPEC sections 5 and 7).' },
  { name: 'cart', description: 'The cart of a customer or of a guest (`sessionId`), priced by the store.' },
  { name: 'orders', description: 'Placing orders (the server prices them, D4), reading and cancelling them, quotes and the review of delivered drafts.' },
  { name: 'payments', description: "Paying an order with its store's providers: Toss in Korea, Stripe and PayPal elsewhere, the sandbox offline (D29); returns and webhooks." },
  { name: 'briefs', description: 'Project briefs and their reference files; reading stored files.' },
  { name: 'contact', description: 'The contact form.' },
  { name: 'privacy', description: "A customer's own data: everything the store holds about them, to download (issue 36)." },
  { name: 'operations', description: "For the operator's load balancer and monitoring: liveness, readiness, metrics." },
  { name: 'staff', description: 'For staff and admins (role checked on every call): orders, quotes, deliveries, refunds, customers, messages, the overview.' },
];

type Operation = { responses?: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }> };
type Document = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> }; tags?: unknown };

/**
 * What @fastify/swagger leaves to us: each answer described by its status ("Created", "Not
 * Found") rather than "Default Response"; an error answer is JSON whatever the route's files are
 * (a file route lists its types for its 200 only); the groups declared; and no component left
 * that nothing refers to (zod's registry writes an input and an output copy of each).
 */
function finishDocument<T>(document: T): T {
  const doc = document as Document;
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response') answer.description = STATUS_CODES[status] ?? status;
        const json = Object.values(answer.content ?? {}).find((content) => content.schema?.$ref === '#/components/schemas/ApiError');
        if (json) answer.content = { 'application/json': json };
      }
    }
  }
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations) as Array<Operation & { requestBody?: { required?: boolean }; [OPTIONAL_BODY]?: boolean }>) {
      if (!operation[OPTIONAL_BODY]) continue;
      delete operation[OPTIONAL_BODY];
      if (operation.requestBody) operation.requestBody.required = false;
    }
  }
  doc.tags = TAGS;
  const schemas = doc.components?.schemas ?? {};
  const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: {} } });
  for (const name of Object.keys(schemas)) if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  return document;
}

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The reference page runs Swagger UI from this server's own files (no CDN: it works offline). Its
 * scripts are files, never inline; Swagger UI sets style attributes as it draws.
 */
const DOCS_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "font-src 'self' data:",
  "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/**
 * What fastify-type-provider-zod's own override does for an OpenAPI 3.1 document (an empty branch
 * of a union dropped, a date written as date-time text, `undefined` as null), plus each schema's
 * wire edit (src/domain/validation/wire.ts): the document says what the server accepts.
 */
function override({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const type = (zodSchema as z.ZodType | undefined)?._zod?.def.type;
  if (type === 'union' && Array.isArray(jsonSchema.anyOf)) jsonSchema.anyOf = jsonSchema.anyOf.filter((branch) => Object.keys(branch as object).length > 0);
  if (type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
  if (type === 'undefined') jsonSchema.type = 'null';
  wireEditOf(zodSchema)?.(jsonSchema);
}

const toJsonSchema = createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { override } });
const toJsonSchemaObject = createJsonSchemaTransformObject({ zodToJsonConfig: { override } });

/** The document covers the API, the uploaded files and SPEC's payment return pages; not the pages, assets or catch-alls. */
export const isDocumented = (url: string) =>
  !url.includes('*') && !url.startsWith(DOCS_PATH) && url !== OPENAPI_PATH
  && (url.startsWith('/api/') || url.startsWith('/uploads/') || /^\/payment-(success|fail)\.html$/.test(url) || OPERATIONS_PATHS.has(url));
/** The operator's endpoints (issue 36), outside /api. */
const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Sets the compilers and starts collecting routes into the OpenAPI 3.1 document. Must run before
 * any route is registered (@fastify/swagger reads them as they come).
 */
export async function registerContract(app: FastifyInstance, options: { checkAnswers: boolean; version: string }): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkAnswers));
  app.addHook('onRoute', withAnswersOfEveryRoute);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Studio Lumi store API',
        version: options.version,
        contact: { name: 'Studio Lumi', email: COMPANY.email },
        description: [
          'The JSON API of the store (SPEC section 7, with DESIGN\'s decisions).',
          'JSON answers say `success` (the webhooks answer `received`); every error has the one shape `ApiError`, its `message` in the language of `Accept-Language`.',
          'The store a call belongs to is `X-Store-Country` (kr, us, au, vn, cn, my), declared by the operations that read it; without it, the store the `country` cookie remembers, else the region or language of Accept-Language, else us.',
          'Every error answer is `ApiError`; besides the answers each operation lists, any request may be refused with 431 (address or headers over the limit), and one with a body with 413 (too large) or 415 (a type the operation does not read).',
          'Browsers sign in with the `sid` cookie; other clients send `Authorization: Bearer <token>` (login and register return it).',
          'Guests name themselves with `sessionId` (their guest id, 43-128 characters of base64url).',
        ].join('\n\n'),
      },
      // Relative: "Try it out" calls the host the page was opened on (the page's CSP allows only that one).
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by login and register (httpOnly).' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The `token` login and register answer.' },
        },
      },
    },
    transform: (route) => {
      if (!isDocumented(route.url)) return { schema: { hide: true }, url: route.url };
      const transformed = toJsonSchema(route);
      // @fastify/swagger marks every body required; one the route reads as `{}` when absent is not.
      const body = (route.schema as { body?: unknown } | undefined)?.body;
      if (isZod(body) && !isReadByRoute(body) && body.safeParse(undefined).success) (transformed.schema as Record<string, unknown>)[OPTIONAL_BODY] = true;
      return transformed;
    },
    transformObject: (document) => finishDocument(toJsonSchemaObject(document)),
  });
  let document: string | undefined;
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: DOCS_CSP,
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: 'Studio Lumi store API' },
  });
}
