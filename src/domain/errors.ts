/**
 * One error type for every rule the domain and the services enforce. It says what went wrong as
 * a code and knows nothing of HTTP: the API maps each code to a status and a localized message in
 * one table (src/server/http/errors.ts), and a webhook, job or page loader can catch it as it is.
 */
import type { FieldError } from './validation/messages.ts';

export const ERROR_CODES = [
  // Requests
  'BAD_REQUEST', 'INVALID_JSON', 'VALIDATION_FAILED', 'NOT_FOUND', 'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE', 'REQUEST_TIMEOUT', 'UNSUPPORTED_MEDIA_TYPE', 'TOO_MANY_REQUESTS', 'HEADERS_TOO_LARGE', 'INTERNAL_ERROR',
  // Accounts
  'UNAUTHENTICATED', 'FORBIDDEN', 'INVALID_CREDENTIALS', 'EMAIL_TAKEN', 'USERNAME_TAKEN',
  'RESET_TOKEN_INVALID', 'CURRENT_PASSWORD_INVALID', 'RECENT_SIGN_IN_REQUIRED', 'SECOND_FACTOR_INVALID', 'SECOND_FACTOR_ENROLLED', 'LAST_ADMINISTRATOR', 'EMAIL_NOT_PROVEN',
  // Catalog and pricing
  'QUOTE_ONLY', 'INVALID_QUANTITY', 'UNKNOWN_ITEM',
  // Cart, orders and payments (SPEC section 8 codes where it names them)
  'CART_EMPTY', 'PAYMENT_METHOD_NOT_OFFERED', 'MISSING_PARAMETERS', 'AMOUNT_MISMATCH', 'ORDER_NOT_PAYABLE',
  'PAYMENT_FAILED', 'NETWORK_ERROR', 'CANCEL_NOT_ALLOWED', 'REFUND_TOO_LARGE', 'REFUND_IN_PROGRESS', 'ORDER_CANCELLED', 'USE_CANCEL_AND_REFUND',
  'IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_REUSED', 'BUSINESS_DETAILS_CLOSED',
  // Korea's evidence of a payment (issue 34)
  'EVIDENCE_NOT_ALLOWED', 'EVIDENCE_ALREADY_ASKED', 'EVIDENCE_NOT_OPEN', 'CASH_RECEIPT_REFUSED',
  // The lifecycle (D30) and quotes (D28)
  'TRANSITION_NOT_ALLOWED', 'QUOTE_EXPIRED', 'QUOTE_REVISED', 'QUOTE_NOT_OPEN', 'NOT_A_CONSULTATION',
  // Briefs and files
  'FILE_TOO_LARGE', 'UPLOAD_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE', 'UPLOAD_TIMEOUT', 'BRIEF_EXISTS', 'ORDER_REQUIRED',
  // Deliverables
  'NOT_DELIVERABLE', 'REVIEW_NOT_OPEN', 'REVIEW_WINDOW_CLOSED', 'NO_FREE_REVISIONS',
  // A customer's own data (issue 36)
  'ERASURE_BLOCKED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

interface DomainErrorOptions {
  /** Per-field problems, as message-catalog keys. */
  fields?: Record<string, FieldError> | undefined;
  /** Values the message interpolates, e.g. { minutes: 15 }. */
  values?: Record<string, string | number> | undefined;
  /** How long the caller should wait before trying again (rate limits). */
  retryAfterMs?: number | undefined;
  /** A more specific message than the code's own (a key of the `errors` catalog). */
  messageKey?: string | undefined;
  /** For logs only; never shown to a customer. */
  detail?: string | undefined;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, FieldError> | undefined;
  readonly values: Record<string, string | number> | undefined;
  readonly retryAfterMs: number | undefined;
  readonly messageKey: string | undefined;

  constructor(code: ErrorCode, options: DomainErrorOptions = {}) {
    super(options.detail ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.fields = options.fields;
    this.values = options.values;
    this.retryAfterMs = options.retryAfterMs;
    this.messageKey = options.messageKey;
  }
}
