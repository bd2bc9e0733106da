import type { z } from 'zod';
import { fieldErrors } from '../../domain/validation/schema-helpers.ts';
import { DomainError } from '../../domain/errors.ts';

/**
 * Parses a JSON body with a shared schema; anything off answers 400 with field messages. Routes
 * have their bodies checked by their contract (http/contract.ts, the same answers); this is for a
 * body whose shape the route tells itself (POST /api/confirm).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new DomainError('INVALID_JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new DomainError('VALIDATION_FAILED', { fields: fieldErrors(result.error) });
  return result.data;
}
