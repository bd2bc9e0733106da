import { z } from 'zod';
import { V, type FieldError, type ValidationMessageKey } from './messages.ts';
import { acceptsOnTheWire, orAlso } from './wire.ts';

/**
 * Control characters no text takes: C0 except tab and line feed, DEL and C1. PostgreSQL cannot
 * store U+0000 in text at all (it answered 500), and the others are invisible, garble mails and
 * exports, or forge lines in logs. A tab is ordinary typing (pasted from a spreadsheet).
 */
const NO_CONTROL = /^[^\u0000-\u0008\u000B-\u001F\u007F-\u009F]*$/;
/**
 * The same rule for prose, as the document reads text before the server turns a carriage return
 * into a line feed: CR is taken as a line break there, not refused as a control character.
 */
const NO_CONTROL_IN_PROSE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;
const ONE_LINE = /^[^\n\r]*$/;
/** Something other than white space, which a required text must hold (trimmed, it would be empty). */
const NOT_BLANK = /\S/;

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
 * characters (see NO_CONTROL), one line unless `multiline`. Length and pattern rules chain onto it.
 * Every rule is a pattern, so the API document states it (issue 33, item 3).
 */
export const plainText = ({ multiline = false, trim = true, typeError = V.invalidType }: TextOptions = {}) => {
  let text = z.string({ error: typeError });
  if (multiline) text = text.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  if (trim) text = text.trim();
  if (!multiline) text = text.regex(ONE_LINE, { error: V.singleLine });
  return text.regex(multiline ? NO_CONTROL_IN_PROSE : NO_CONTROL, { error: V.controlChars }).regex(WELL_FORMED, { error: V.brokenText });
};

/** A required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number, options: Pick<TextOptions, 'multiline'> = {}) =>
  plainText({ ...options, typeError: V.required }).min(1, { error: V.required }).regex(NOT_BLANK, { error: V.required }).max(max, { error: V.tooLong });

/** Absent, null and blank all mean "not given"; the document says null is taken (issue 33, item 8). */
const notGiven = <T extends z.ZodType>(text: T) => acceptsOnTheWire(
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), text.optional()),
  (json) => orAlso(json, { type: 'null' }),
);

/** Optional text: absent, null and blank all mean "not given". */
export const optionalText = (max: number, options: Pick<TextOptions, 'multiline'> = {}) =>
  notGiven(plainText(options).max(max, { error: V.tooLong }));

/** An address: `format: email` in the document, zod's e-mail rule on the server. */
export const emailField = () =>
  plainText({ typeError: V.required }).min(1, { error: V.required }).max(254, { error: V.tooLong }).email({ error: V.email });

/**
 * Digits with the usual separators and a leading +, as people write phone numbers in the six
 * countries. Blank is "not given" for an optional phone, so the pattern takes it too.
 */
const PHONE_PATTERN = /^(?:[+()\d\s.-]{6,})?$/;
export const requiredPhone = (max: number) => requiredText(max).regex(PHONE_PATTERN, { error: V.phone });
export const optionalPhone = (max: number) => notGiven(plainText().max(max, { error: V.tooLong }).regex(PHONE_PATTERN, { error: V.phone }));

/**
 * A uuid in either case, as RFC 9562 reads them (the document says so with its pattern), kept in
 * lower case, as the database writes them, so ids compare equal in code too.
 */
const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const uuidField = () =>
  z.string({ error: V.invalidType }).regex(UUID_PATTERN, { error: V.invalidType }).overwrite((value) => value.toLowerCase()).meta({ format: 'uuid' });

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
