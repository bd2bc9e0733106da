/**
 * Where domain errors become HTTP: one table maps each code to a status and a message, and one
 * JSON error shape serves the whole API:
 *   { success: false, status, code, message, fields?, requestId }
 * `message` is localized; `fields` maps a field name to its localized message. Stack traces and
 * internal messages never reach the client; they are logged with the request id.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COUNTRIES, DEFAULT_COUNTRY, isCountryCode, type Language } from '../../domain/countries.ts';
import { DomainError, type ErrorCode } from '../../domain/errors.ts';
import { translatorFor } from '../../i18n/translator.server.ts';
import { negotiateLanguage } from './language.ts';

/** HTTP status and message-catalog key (`errors` namespace) of every domain error code. */
const HTTP_OF: Record<ErrorCode, { status: number; key: string }> = {
  BAD_REQUEST: { status: 400, key: 'http.badRequest' },
  INVALID_JSON: { status: 400, key: 'http.invalidJson' },
  VALIDATION_FAILED: { status: 400, key: 'http.validation' },
  NOT_FOUND: { status: 404, key: 'http.notFound' },
  METHOD_NOT_ALLOWED: { status: 405, key: 'http.methodNotAllowed' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'http.payloadTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'http.unsupportedMediaType' },
  TOO_MANY_REQUESTS: { status: 429, key: 'http.tooManyRequests' },
  HEADERS_TOO_LARGE: { status: 431, key: 'http.headersTooLarge' },
  BUSINESS_DETAILS_CLOSED: { status: 409, key: 'orders.businessClosed' },
  // Why, in words: the rule that refused it (domain/tax/korean-evidence.ts) names its own message.
  EVIDENCE_NOT_ALLOWED: { status: 409, key: 'orders.evidence.notCash' },
  EVIDENCE_ALREADY_ASKED: { status: 409, key: 'orders.evidence.already' },
  EVIDENCE_NOT_OPEN: { status: 409, key: 'orders.evidence.notOpen' },
  CASH_RECEIPT_REFUSED: { status: 422, key: 'orders.evidence.refused' },
  INTERNAL_ERROR: { status: 500, key: 'http.internal' },
  UNAUTHENTICATED: { status: 401, key: 'auth.unauthenticated' },
  FORBIDDEN: { status: 403, key: 'auth.forbidden' },
  INVALID_CREDENTIALS: { status: 401, key: 'auth.invalidCredentials' },
  EMAIL_TAKEN: { status: 409, key: 'auth.emailTaken' },
  USERNAME_TAKEN: { status: 409, key: 'auth.usernameTaken' },
  RESET_TOKEN_INVALID: { status: 400, key: 'auth.resetInvalid' },
  CURRENT_PASSWORD_INVALID: { status: 403, key: 'auth.currentPasswordInvalid' },
  RECENT_SIGN_IN_REQUIRED: { status: 403, key: 'auth.recentSignInRequired' },
  SECOND_FACTOR_INVALID: { status: 401, key: 'auth.secondFactorInvalid' },
  SECOND_FACTOR_ENROLLED: { status: 409, key: 'auth.secondFactorEnrolled' },
  LAST_ADMINISTRATOR: { status: 409, key: 'auth.lastAdministrator' },
  EMAIL_NOT_PROVEN: { status: 409, key: 'auth.emailNotProven' },
  QUOTE_ONLY: { status: 422, key: 'pricing.quoteOnly' },
  INVALID_QUANTITY: { status: 400, key: 'pricing.invalidQuantity' },
  UNKNOWN_ITEM: { status: 400, key: 'orders.unknownItem' },
  CART_EMPTY: { status: 400, key: 'orders.cartEmpty' },
  PAYMENT_METHOD_NOT_OFFERED: { status: 422, key: 'payments.methodNotOffered' },
  MISSING_PARAMETERS: { status: 400, key: 'payments.missingParameters' },
  AMOUNT_MISMATCH: { status: 400, key: 'payments.amountMismatch' },
  ORDER_NOT_PAYABLE: { status: 409, key: 'payments.notPayable' },
  PAYMENT_FAILED: { status: 402, key: 'payments.failed' },
  NETWORK_ERROR: { status: 502, key: 'payments.networkError' },
  CANCEL_NOT_ALLOWED: { status: 409, key: 'orders.cancelNotAllowed' },
  REFUND_TOO_LARGE: { status: 422, key: 'orders.refundTooLarge' },
  REFUND_IN_PROGRESS: { status: 409, key: 'orders.refundInProgress' },
  ORDER_CANCELLED: { status: 409, key: 'orders.orderCancelled' },
  USE_CANCEL_AND_REFUND: { status: 409, key: 'orders.useCancelAndRefund' },
  IDEMPOTENCY_KEY_INVALID: { status: 400, key: 'orders.idempotencyKeyInvalid' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, key: 'orders.idempotencyKeyReused' },
  TRANSITION_NOT_ALLOWED: { status: 409, key: 'orders.transitionNotAllowed' },
  QUOTE_REVISED: { status: 409, key: 'quotes.revised' },
  QUOTE_EXPIRED: { status: 409, key: 'quotes.expired' },
  QUOTE_NOT_OPEN: { status: 409, key: 'quotes.notOpen' },
  NOT_A_CONSULTATION: { status: 409, key: 'quotes.notConsultation' },
  FILE_TOO_LARGE: { status: 413, key: 'uploads.tooLarge' },
  UPLOAD_TOO_LARGE: { status: 413, key: 'uploads.requestTooLarge' },
  UNSUPPORTED_FILE_TYPE: { status: 415, key: 'uploads.unsupportedType' },
  UPLOAD_TIMEOUT: { status: 408, key: 'uploads.timedOut' },
  REQUEST_TIMEOUT: { status: 408, key: 'http.requestTimeout' },
  BRIEF_EXISTS: { status: 409, key: 'briefs.exists' },
  ORDER_REQUIRED: { status: 422, key: 'briefs.orderRequired' },
  NOT_DELIVERABLE: { status: 409, key: 'deliverables.notDeliverable' },
  REVIEW_NOT_OPEN: { status: 409, key: 'deliverables.reviewNotOpen' },
  REVIEW_WINDOW_CLOSED: { status: 409, key: 'deliverables.windowClosed' },
  ERASURE_BLOCKED: { status: 409, key: 'privacy.erasureBlocked' },
  NO_FREE_REVISIONS: { status: 409, key: 'deliverables.noFreeRevisions' },
};

function httpStatusOf(code: ErrorCode): number {
  return HTTP_OF[code].status;
}

interface ErrorBody {
  success: false;
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  requestId: string;
}

/** The sentence a customer reads for a domain error, in their language (API answers and pages alike). */
export function messageOf(error: DomainError, lang: Language): string {
  const t = translatorFor(lang, 'errors');
  return t(error.messageKey ?? HTTP_OF[error.code].key, error.values ?? {});
}

function errorBody(request: FastifyRequest, error: DomainError): ErrorBody {
  const t = translatorFor(request.store.lang, 'errors');
  const { status } = HTTP_OF[error.code];
  const message = messageOf(error, request.store.lang);
  const body: ErrorBody = { success: false, status, code: error.code, message, requestId: request.id };
  if (error.fields) {
    body.fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, fe]) => [field, t(fe.key, fe.values ?? {})]),
    );
  }
  return body;
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
  if (error.retryAfterMs !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
  return reply.status(HTTP_OF[error.code].status).type('application/json; charset=utf-8').send(errorBody(request, error));
}

/** Fastify's own client errors, mapped onto our codes and catalog messages. */
const FRAMEWORK_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

function toDomainError(error: FastifyError | Error): DomainError | null {
  if (error instanceof DomainError) return error;
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known) return new DomainError(known);
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return new DomainError('TOO_MANY_REQUESTS');
  if (status === 404) return new DomainError('NOT_FOUND');
  if (status >= 400 && status < 500) return new DomainError('BAD_REQUEST');
  return null;
}

/** What a database error may say in a log: its SQLSTATE and the parts of the schema involved, never a value. */
const SAFE_FIELDS: Record<string, string> = {
  code: 'code', severity: 'severity', routine: 'routine',
  table: 'table', table_name: 'table', column: 'column', column_name: 'column', constraint: 'constraint', constraint_name: 'constraint',
};
/** SQLSTATE: five digits or capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/;
const STATEMENT_MAX = 2000;

/** Every parameter a statement in the error's chain was given (Drizzle and PGlite: `params`, postgres.js: `parameters`, `args`). */
function parametersOf(error: unknown): string[] {
  const found = new Set<string>();
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && typeof e === 'object' && depth < 8; e = e.cause as Record<string, unknown> | undefined, depth++) {
    for (const key of ['params', 'parameters', 'args']) {
      const list = e[key];
      if (!Array.isArray(list)) continue;
      for (const value of list) {
        const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
        if (text.length >= 4) found.add(text);
      }
    }
  }
  // Longest first, so a value that contains another is removed whole.
  return [...found].sort((a, b) => b.length - a.length);
}

function withoutValues(text: string, parameters: readonly string[], fromDatabase: boolean): string {
  // Drizzle writes the parameters into its message: "Failed query: <statement>\nparams: <values>".
  let out = text.replace(/^Failed query: [\s\S]*$/, 'Failed query');
  for (const value of parameters) out = out.split(value).join('[redacted]');
  // PostgreSQL names the value it could not read at the end: `invalid input syntax for type uuid: "…"`.
  if (fromDatabase) out = out.replace(/: "[\s\S]*"$/, ': [redacted]');
  return out;
}

/** A logged error: its type, message and stack, and the safe fields below. */
interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * The `err` serializer of the log. A database error carries the statement's parameters (guest ids,
 * e-mail addresses, names: Drizzle in its message and `params`, PGlite in `params`, postgres.js in
 * `parameters`), and PostgreSQL's `detail` and `where` quote the row; none of that is logged. What
 * is: the error's type, code, message (parameters and quoted values removed), the statement text
 * with its placeholders, the schema names involved, the stack frames, and the same of its cause.
 */
export function serializeError(error: unknown): LoggedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const parameters = parametersOf(error);
  let statement: string | undefined;
  const describe = (e: Record<string, unknown>, depth: number): LoggedError => {
    const fromDatabase = typeof e.code === 'string' && SQLSTATE.test(e.code);
    const type = e.constructor && e.constructor !== Object ? (e.constructor as { name: string }).name : 'Object';
    const message = withoutValues(typeof e.message === 'string' ? e.message : '', parameters, fromDatabase);
    const out: LoggedError = { type, message, stack: '' };
    for (const [key, name] of Object.entries(SAFE_FIELDS)) {
      if (typeof e[key] === 'string' || typeof e[key] === 'number') out[name] = e[key];
    }
    if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
    if (typeof e.query === 'string' && statement === undefined) {
      statement = e.query.length > STATEMENT_MAX ? `${e.query.slice(0, STATEMENT_MAX)}…` : e.query;
      out.query = statement;
    }
    if (typeof e.stack === 'string') {
      out.stack = [`${type}: ${message}`, ...e.stack.split('\n').filter((line) => /^\s+at /.test(line))].join('\n');
    }
    if (e.cause && typeof e.cause === 'object' && depth < 5) out.cause = describe(e.cause as Record<string, unknown>, depth + 1);
    return out;
  };
  return describe(error as Record<string, unknown>, 0);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toDomainError(error);
    if (known) {
      if (httpStatusOf(known.code) >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, known);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new DomainError('INTERNAL_ERROR'));
  });
}

/**
 * Errors Fastify raises before a route is found (its `frameworkErrors`): a path that is not valid
 * percent-encoding (`/api/orders/%FF%FE/cancel`) or a parameter longer than the router takes names
 * nothing, so it is "not found" like a malformed id (docs/decisions/0029), in the one error shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const code: ErrorCode = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'NOT_FOUND' : 'BAD_REQUEST';
  // Before routing the request is Fastify's bare one (no store, no cookies): the language comes from its headers.
  const header = (name: string) => { const value = request.headers[name]; return Array.isArray(value) ? value[0] : value; };
  const { status } = HTTP_OF[code];
  const body: ErrorBody = { success: false, status, code, message: messageOf(new DomainError(code), languageBeforeRouting(header)), requestId: request.id };
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** The language of a request no route has read: its Accept-Language, else its X-Store-Country's, else the default store's. */
function languageBeforeRouting(header: (name: string) => string | undefined): Language {
  const store = header('x-store-country');
  return negotiateLanguage(header('accept-language')) ?? (isCountryCode(store) ? COUNTRIES[store].lang : COUNTRIES[DEFAULT_COUNTRY].lang);
}

/** The header lines of what a client sent before its request was refused (as much as arrived). */
function headerOf(raw: unknown, name: string): string | undefined {
  const head = Buffer.isBuffer(raw) ? raw.subarray(0, 64 * 1024).toString('latin1') : '';
  return new RegExp(`\r\n${name}:[ \t]*([^\r\n]*)`, 'i').exec(head)?.[1];
}

const CLIENT_ERRORS: Record<string, ErrorCode> = { HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE', ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT' };

/**
 * Node's parser refuses a request before Fastify sees it (headers or a query string over the
 * limit: 431, a request that never arrived whole: 408, bytes that are not HTTP: 400). The answer is
 * still the one error shape with a request id, its message in the language of the Accept-Language
 * (or X-Store-Country) that did arrive.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex, log: FastifyBaseLogger | undefined): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = CLIENT_ERRORS[error.code ?? ''] ?? 'BAD_REQUEST';
  const lang = languageBeforeRouting((name) => headerOf(error.rawPacket, name));
  const requestId = randomUUID();
  const { status } = HTTP_OF[code];
  const body = JSON.stringify({ success: false, status, code, message: messageOf(new DomainError(code), lang), requestId } satisfies ErrorBody);
  log?.info({ requestId, status, reason: error.code }, 'request refused before it was read');
  if (socket.writable) {
    socket.write([
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`,
      `x-request-id: ${requestId}`, 'Connection: close', '', body,
    ].join('\r\n'));
  }
  socket.destroy(error);
}

/** Unknown API paths answer 404 JSON rather than falling through to the HTML app. */
export function registerApiNotFound(app: FastifyInstance): void {
  app.all('/api', (request, reply) => sendError(request, reply, new DomainError('NOT_FOUND')));
  app.all('/api/*', (request, reply) => sendError(request, reply, new DomainError('NOT_FOUND')));
}
