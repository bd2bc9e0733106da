/**
 * What a request field accepts on the wire where zod's JSON Schema cannot say it: a field that
 * is read through a `preprocess` (null taken as "not given", a numeric string taken as its
 * number) is written by zod as what comes out of the preprocessing. The API document must state
 * what the server accepts (issue 33, item 8), so such a schema carries an edit of its JSON Schema,
 * applied when the document is written (src/server/http/contract.ts). Kept by the schema's
 * definition, which its `.describe()` and `.meta()` copies share.
 */
import type { z } from 'zod';

export type JsonSchema = Record<string, unknown>;
type WireEdit = (json: JsonSchema) => void;

const edits = new WeakMap<object, WireEdit>();

/** Marks a schema with the edit that makes its JSON Schema say what the server accepts. */
export function acceptsOnTheWire<T extends z.ZodType>(schema: T, edit: WireEdit): T {
  edits.set(schema._zod.def, edit);
  return schema;
}

/** The edit for a schema, if it has one. */
export const wireEditOf = (schema: unknown): WireEdit | undefined =>
  schema && typeof schema === 'object' && '_zod' in schema ? edits.get((schema as z.ZodType)._zod.def) : undefined;

/** Words about a schema that stay on it rather than move into one of its alternatives. */
const ANNOTATIONS = new Set(['description', 'deprecated', 'examples', 'default', 'title', 'readOnly', 'writeOnly']);

/** `json` becomes "json, or one of `others`"; twice is once (a copy of the schema is edited too). */
export function orAlso(json: JsonSchema, ...others: JsonSchema[]): void {
  if (Array.isArray(json.anyOf) && json.anyOf.some((branch) => others.some((other) => JSON.stringify(branch) === JSON.stringify(other)))) return;
  const own: JsonSchema = {};
  for (const [key, value] of Object.entries(json)) {
    if (ANNOTATIONS.has(key)) continue;
    own[key] = value;
    delete json[key];
  }
  json.anyOf = [own, ...others];
}
