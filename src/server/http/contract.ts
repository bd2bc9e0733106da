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
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReadByRoute } from '../../domain/contract/http.ts';
import { DomainError } from '../../domain/errors.ts';
import { fieldErrors } from '../../domain/validation/schema-helpers.ts';
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
  // Query strings and headers: a key given twice (?key=a&key=b) is read as its first value, as
  // the handlers read it before, rather than refused as a list.
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

/** Each answer is described by its status ("Created", "Not Found") where @fastify/swagger would write "Default Response". */
function describeAnswers<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response') answer.description = STATUS_CODES[status] ?? status;
      }
    }
  }
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

const toJsonSchema = createJsonSchemaTransform({ skipList: [] });

/** The document covers the API, the uploaded files and SPEC's payment return pages; not the pages, assets or catch-alls. */
export const isDocumented = (url: string) =>
  !url.includes('*') && !url.startsWith(DOCS_PATH) && url !== OPENAPI_PATH
  && (url.startsWith('/api/') || url.startsWith('/uploads/') || /^\/payment-(success|fail)\.html$/.test(url));

/**
 * Sets the compilers and starts collecting routes into the OpenAPI 3.1 document. Must run before
 * any route is registered (@fastify/swagger reads them as they come).
 */
export async function registerContract(app: FastifyInstance, options: { checkAnswers: boolean; version: string }): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkAnswers));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Studio Lumi store API',
        version: options.version,
        description: [
          'The JSON API of the store (SPEC section 7, with DESIGN\'s decisions).',
          'JSON answers say `success` (the webhooks answer `received`); every error has the one shape `ApiError`, its `message` in the language of `Accept-Language`.',
          'The store a call belongs to is `X-Store-Country` (kr, us, au, vn, cn, my), else the remembered store.',
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
    transform: (route) => (isDocumented(route.url) ? toJsonSchema(route) : { schema: { hide: true }, url: route.url }),
    transformObject: (document) => describeAnswers(jsonSchemaTransformObject(document)),
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
