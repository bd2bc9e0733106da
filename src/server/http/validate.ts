import type { z } from 'zod';
import { fieldErrors } from '../../domain/validation/schema-helpers.ts';
import { DomainError } from '../../domain/errors.ts';

/** Parses a JSON body with a shared schema; anything off answers 400 with field messages. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new DomainError('INVALID_JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new DomainError('VALIDATION_FAILED', { fields: fieldErrors(result.error) });
  return result.data;
}

/** Parses a query string with a shared schema (values arrive as text); anything off answers 400. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const result = schema.safeParse(query ?? {});
  if (!result.success) throw new DomainError('VALIDATION_FAILED', { fields: fieldErrors(result.error) });
  return result.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{id}` of a route: an id that is not a uuid cannot name anything, so it is "not found" like an unknown one. */
export function idParam(params: unknown): string {
  const id = (params as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || !UUID.test(id)) throw new DomainError('NOT_FOUND');
  return id;
}
