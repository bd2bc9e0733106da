/**
 * A staff tab's query read with the staff API's own schema (domain/validation/admin.ts), so the
 * page and the API agree on every filter and page. A value that does not parse (an old link, a
 * search too long) is left out and the rest kept: the tab still opens, unfiltered by it.
 */
import type { z } from 'zod';

export function tabQuery<Schema extends z.ZodObject>(schema: Schema, params: URLSearchParams, fixed: Record<string, unknown> = {}): z.output<Schema> {
  const values: Record<string, unknown> = { ...Object.fromEntries([...params].filter(([key, value]) => key in schema.shape && value !== '')), ...fixed };
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const refused = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  return schema.parse(Object.fromEntries(Object.entries(values).filter(([key]) => !refused.has(key))));
}
