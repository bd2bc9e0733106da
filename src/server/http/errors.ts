/**
 * Where domain errors become HTTP: one table maps each code to a status and a message, and one
 * JSON error shape serves the whole API:
 *   { success: false, status, code, message, fields?, requestId }
 * `message` is localized; `fields` maps a field name to its localized message. Stack traces and
 * internal messages never reach the client; they are logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../domain/countries.ts';
import { DomainError, type ErrorCode } from '../../domain/errors.ts';
import { translatorFor } from '../../i18n/translator.server.ts';

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
  INTERNAL_ERROR: { status: 500, key: 'http.internal' },
  UNAUTHENTICATED: { status: 401, key: 'auth.unauthenticated' },
  FORBIDDEN: { status: 403, key: 'auth.forbidden' },
  INVALID_CREDENTIALS: { status: 401, key: 'auth.invalidCredentials' },
  EMAIL_TAKEN: { status: 409, key: 'auth.emailTaken' },
  USERNAME_TAKEN: { status: 409, key: 'auth.usernameTaken' },
  RESET_TOKEN_INVALID: { status: 400, key: 'auth.resetInvalid' },
  CURRENT_PASSWORD_INVALID: { status: 403, key: 'auth.currentPasswordInvalid' },
  RECENT_SIGN_IN_REQUIRED: { status: 403, key: 'auth.recentSignInRequired' },
  QUOTE_ONLY: { status: 422, key: 'pricing.quoteOnly' },
  INVALID_QUANTITY: { status: 400, key: 'pricing.invalidQuantity' },
  UNKNOWN_ITEM: { status: 400, key: 'orders.unknownItem' },
  CART_EMPTY: { status: 400, key: 'orders.cartEmpty' },
  PAYMENT_NOT_AVAILABLE: { status: 422, key: 'orders.paymentNotAvailable' },
  MISSING_PARAMETERS: { status: 400, key: 'payments.missingParameters' },
  AMOUNT_MISMATCH: { status: 400, key: 'payments.amountMismatch' },
  ORDER_NOT_PAYABLE: { status: 409, key: 'payments.notPayable' },
  PAYMENT_FAILED: { status: 402, key: 'payments.failed' },
  NETWORK_ERROR: { status: 502, key: 'payments.networkError' },
  CANCEL_NOT_ALLOWED: { status: 409, key: 'orders.cancelNotAllowed' },
  REFUND_TOO_LARGE: { status: 422, key: 'orders.refundTooLarge' },
  ORDER_CANCELLED: { status: 409, key: 'orders.orderCancelled' },
  USE_CANCEL_AND_REFUND: { status: 409, key: 'orders.useCancelAndRefund' },
  FILE_TOO_LARGE: { status: 413, key: 'uploads.tooLarge' },
  UPLOAD_TOO_LARGE: { status: 413, key: 'uploads.requestTooLarge' },
  UNSUPPORTED_FILE_TYPE: { status: 415, key: 'uploads.unsupportedType' },
  UPLOAD_TIMEOUT: { status: 408, key: 'uploads.timedOut' },
  BRIEF_EXISTS: { status: 409, key: 'briefs.exists' },
  ORDER_REQUIRED: { status: 422, key: 'briefs.orderRequired' },
  NOT_DELIVERABLE: { status: 409, key: 'deliverables.notDeliverable' },
  REVIEW_NOT_OPEN: { status: 409, key: 'deliverables.reviewNotOpen' },
  REVIEW_WINDOW_CLOSED: { status: 409, key: 'deliverables.windowClosed' },
  NO_FREE_REVISIONS: { status: 409, key: 'deliverables.noFreeRevisions' },
};

export function httpStatusOf(code: ErrorCode): number {
  return HTTP_OF[code].status;
}

export interface ErrorBody {
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

export function errorBody(request: FastifyRequest, error: DomainError): ErrorBody {
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

export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
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

/** Unknown API paths answer 404 JSON rather than falling through to the HTML app. */
export function registerApiNotFound(app: FastifyInstance): void {
  app.all('/api', (request, reply) => sendError(request, reply, new DomainError('NOT_FOUND')));
  app.all('/api/*', (request, reply) => sendError(request, reply, new DomainError('NOT_FOUND')));
}
