import { z } from 'zod';
import { V, type FieldError, type ValidationMessageKey } from './messages.ts';

/**
 * Control characters no text takes: C0 except tab and line feed, DEL and C1. PostgreSQL cannot
 * store U+0000 in text at all (it answered 500), and the others are invisible, garble mails and
 * exports, or forge lines in logs. A tab is ordinary typing (pasted from a spreadsheet).
 */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\n\r]/;

/**
 * Well-formed text: every UTF-16 surrogate in its pair. A lone one (valid JSON, `"\ud800"`, what a
 * client's `.slice()` leaves of a split emoji) is no character at all: PostgreSQL refuses it in
 * JSON and would store U+FFFD for it in text. Said as a pattern, so the API document states it.
 */
export const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

interface TextOptions {
  /**
   * Prose a person writes in a text area (requests, messages, notes, reasons): line feeds are
   * kept, and a carriage return is taken as the line break it is (Windows clients send CRLF, old
   * Mac ones a lone CR) and stored as a line feed, so stored text has one kind of line break.
   * Otherwise the text is one line (names, addresses, e-mails, keys): any line break is refused.
   */
  multiline?: boolean;
  /** Trim surrounding white space (default); passwords are kept as typed. */
  trim?: boolean;
  /** The message when the value is not text at all. */
  typeError?: ValidationMessageKey;
}

/**
 * The one builder every text field of every schema starts from: a string without control
 * characters (see CONTROL), one line unless `multiline`. Length and pattern rules chain onto it.
 */
export const plainText = ({ multiline = false, trim = true, typeError = V.invalidType }: TextOptions = {}) => {
  let text = z.string({ error: typeError });
  if (multiline) text = text.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  if (trim) text = text.trim();
  if (!multiline) text = text.refine((value) => !LINE_BREAK.test(value), { error: V.singleLine });
  return text.refine((value) => !CONTROL.test(value), { error: V.controlChars }).regex(WELL_FORMED, { error: V.brokenText });
};

/** A required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number, options: Pick<TextOptions, 'multiline'> = {}) =>
  plainText({ ...options, typeError: V.required }).min(1, { error: V.required }).max(max, { error: V.tooLong });

/** Optional text: absent, null and blank all mean "not given". */
export const optionalText = (max: number, options: Pick<TextOptions, 'multiline'> = {}) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    plainText(options).max(max, { error: V.tooLong }).optional(),
  );

export const emailField = () =>
  plainText({ typeError: V.required }).min(1, { error: V.required }).max(254, { error: V.tooLong }).pipe(z.email({ error: V.email }));

/** Digits with the usual separators and a leading +, as people write phone numbers in the six countries. */
const PHONE_PATTERN = /^[+()\d\s.-]{6,}$/;
export const requiredPhone = (max: number) => requiredText(max).refine((value) => PHONE_PATTERN.test(value), { error: V.phone });
export const optionalPhone = (max: number) => optionalText(max).refine((value) => value === undefined || PHONE_PATTERN.test(value), { error: V.phone });

const KNOWN_KEYS = new Set<string>(Object.values(V));

/**
 * Turns zod issues into one error per field (the first issue wins), as catalog keys. `tooLong`
 * carries its maximum so the message can say it.
 */
export function fieldErrors(error: z.ZodError): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (out[field]) continue;
    const key = (KNOWN_KEYS.has(issue.message) ? issue.message : V.invalidType) as ValidationMessageKey;
    const values = issue.code === 'too_big' && typeof issue.maximum === 'number' ? { count: issue.maximum } : undefined;
    out[field] = values ? { key, values } : { key };
  }
  return out;
}
