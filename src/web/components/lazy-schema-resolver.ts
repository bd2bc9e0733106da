/**
 * Validation over one of the shared zod schemas, loaded on first use so the schema library stays
 * out of the first page load. Messages come from the `errors` catalog.
 */
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { TFunction } from '../../i18n/translate.ts';
import type { z } from 'zod';

/** The schema's first error of each field, in the `errors` catalog's words; empty when the values pass. */
export async function schemaErrors<V extends object>(
  load: () => Promise<z.ZodType>,
  values: V,
  tErrors: TFunction,
  extra?: (values: V) => Record<string, string>,
): Promise<Record<string, string>> {
  const [schema, { fieldErrors }] = await Promise.all([load(), import('../../domain/validation/schema-helpers.ts')]);
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const [field, fe] of Object.entries(fieldErrors(result.error))) errors[field] = tErrors(fe.key, fe.values ?? {});
  }
  for (const [field, message] of Object.entries(extra?.(values) ?? {})) errors[field] ??= message;
  return errors;
}

/** The same as a react-hook-form resolver (the library's types only: its code stays with the forms). */
export function lazySchemaResolver<V extends FieldValues>(
  load: () => Promise<z.ZodType>,
  tErrors: TFunction,
  extra?: (values: V) => Record<string, string>,
): Resolver<V> {
  return async (values) => {
    const messages = await schemaErrors(load, values, tErrors, extra);
    const errors = Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, { type: 'validate', message }]));
    const outcome = Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values, errors: {} };
    return outcome as ResolverResult<V>;
  };
}
