/**
 * A react-hook-form resolver over one of the shared zod schemas, loaded on first use so the
 * schema library stays out of the first page load. Messages come from the `errors` catalog.
 */
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { TFunction } from '../../i18n/translate.ts';
import type { z } from 'zod';

export function lazySchemaResolver<V extends FieldValues>(
  load: () => Promise<z.ZodType>,
  tErrors: TFunction,
  extra?: (values: V) => Record<string, string>,
): Resolver<V> {
  return async (values) => {
    const [schema, { fieldErrors }] = await Promise.all([load(), import('../../domain/validation/schema-helpers.ts')]);
    const result = schema.safeParse(values);
    const errors: Record<string, { type: string; message: string }> = {};
    if (!result.success) {
      for (const [field, fe] of Object.entries(fieldErrors(result.error))) errors[field] = { type: 'validate', message: tErrors(fe.key, fe.values ?? {}) };
    }
    for (const [field, message] of Object.entries(extra?.(values) ?? {})) errors[field] ??= { type: 'validate', message };
    const outcome = Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values, errors: {} };
    return outcome as ResolverResult<V>;
  };
}
