import { z } from 'zod';
import { V, type FieldError, type ValidationMessageKey } from './messages.ts';

/** A required single-line or multi-line text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z.string({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.tooLong });

/** Optional text: absent, null and blank all mean "not given". */
export const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.string({ error: V.invalidType }).trim().max(max, { error: V.tooLong }).optional(),
  );

export const emailField = () =>
  z.string({ error: V.required }).trim().min(1, { error: V.required }).max(254, { error: V.tooLong }).pipe(z.email({ error: V.email }));

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
    const values = issue.code === 'too_big' && typeof issue.maximum === 'number' ? { max: issue.maximum } : undefined;
    out[field] = values ? { key, values } : { key };
  }
  return out;
}
