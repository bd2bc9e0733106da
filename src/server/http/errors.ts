/**
 * One JSON error shape for the whole API:
 *   { success: false, status, code, message, fields?, requestId }
 * `message` is localized; `fields` maps a field name to its localized message. Stack traces and
 * internal messages never reach the client; they are logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '../../domain/validation/messages.ts';
import { translatorFor } from '../../i18n/translator.server.ts';
import { requestLanguage } from './language.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** Key in the `errors` catalog. */
  readonly messageKey: string;
  readonly fields: Record<string, FieldError> | undefined;
  /** Values the message interpolates, e.g. { minutes: 15 }. */
  values: Record<string, string | number> | undefined;
  /** Sent as Retry-After on 429 answers. */
  retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, messageKey: string, fields?: Record<string, FieldError>) {
    super(code);
    this.status = status;
    this.code = code;
    this.messageKey = messageKey;
    this.fields = fields;
  }
}

/** 429 with the wait in the message and in Retry-After. */
export function tooManyAttempts(retryAfterMs: number): HttpError {
  const error = new HttpError(429, 'TOO_MANY_REQUESTS', 'auth.tooManyAttempts');
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  error.values = { minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) };
  return error;
}

export class ValidationFailed extends HttpError {
  constructor(fields: Record<string, FieldError>) {
    super(400, 'VALIDATION_FAILED', 'http.validation', fields);
  }
}

export interface ErrorBody {
  success: false;
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  requestId: string;
}

export function errorBody(request: FastifyRequest, error: HttpError): ErrorBody {
  const t = translatorFor(requestLanguage(request), 'errors');
  const body: ErrorBody = {
    success: false,
    status: error.status,
    code: error.code,
    message: t(error.messageKey, error.values ?? {}),
    requestId: request.id,
  };
  if (error.fields) {
    body.fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, fe]) => [field, t(fe.key, fe.values ?? {})]),
    );
  }
  return body;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
  if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.status).type('application/json; charset=utf-8').send(errorBody(request, error));
}

/** Fastify's own client errors, mapped onto our codes and catalog messages. */
const FRAMEWORK_ERRORS: Record<string, { code: string; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', key: 'http.invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', key: 'http.invalidJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', key: 'http.payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', key: 'http.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', key: 'http.badRequest' },
};

function toHttpError(error: FastifyError | Error): HttpError | null {
  if (error instanceof HttpError) return error;
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  const status = fastifyError.statusCode ?? 500;
  if (known) return new HttpError(status, known.code, known.key);
  if (status === 429) return new HttpError(429, 'TOO_MANY_REQUESTS', 'http.tooManyRequests');
  if (status === 404) return new HttpError(404, 'NOT_FOUND', 'http.notFound');
  if (status >= 400 && status < 500) return new HttpError(status, 'BAD_REQUEST', 'http.badRequest');
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const httpError = toHttpError(error);
    if (httpError) {
      if (httpError.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, httpError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new HttpError(500, 'INTERNAL_ERROR', 'http.internal'));
  });
}

/** Unknown API paths answer 404 JSON rather than falling through to the HTML app. */
export function registerApiNotFound(app: FastifyInstance): void {
  app.all('/api', (request, reply) => sendError(request, reply, new HttpError(404, 'NOT_FOUND', 'http.notFound')));
  app.all('/api/*', (request, reply) => sendError(request, reply, new HttpError(404, 'NOT_FOUND', 'http.notFound')));
}
