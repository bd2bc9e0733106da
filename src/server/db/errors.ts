/** Recognises a unique-constraint violation from either driver (PGlite or postgres.js), through Drizzle's wrapper. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };
    if (e.code === '23505') return e.constraint_name ?? e.constraint ?? 'unknown';
    current = e.cause;
  }
  return null;
}
