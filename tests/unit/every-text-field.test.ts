/**
 * Issue 33, item 2: a lone surrogate (valid JSON, `"\ud800"`, what `.slice()` leaves of a split
 * emoji) reached PostgreSQL, which refuses it in JSON (500). Every text the API accepts is refused
 * with 400 naming its field, by one rule in the text builder. Found by walking every route's
 * contract (body, query, params, headers), so a field added later is covered by this same test.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as accounts from '../../src/domain/contract/accounts.ts';
import * as admin from '../../src/domain/contract/admin.ts';
import * as briefs from '../../src/domain/contract/briefs.ts';
import * as cart from '../../src/domain/contract/cart.ts';
import * as contact from '../../src/domain/contract/contact.ts';
import * as files from '../../src/domain/contract/files.ts';
import * as orders from '../../src/domain/contract/orders.ts';
import * as payments from '../../src/domain/contract/payments.ts';
import * as reviews from '../../src/domain/contract/reviews.ts';
import * as uploads from '../../src/domain/contract/uploads.ts';
import { isReadByRoute } from '../../src/domain/contract/http.ts';

const LONE = 'ab\ud800';
const LONE_LOW = '\udc00ab';

type Leaf = { where: string; schema: z.ZodType };

/** Every leaf of a request part that a string may reach, with its path (arrays as [0]). */
function stringLeaves(schema: z.ZodType, where: string, out: Leaf[], seen = new Set<z.ZodType>()): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) stringLeaves(value, `${where}.${key}`, out, seen);
      return out;
    case 'array':
      return stringLeaves(def.element as z.ZodType, `${where}[0]`, out, seen);
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return stringLeaves(def.innerType as z.ZodType, where, out, seen);
    case 'pipe':
      // What arrives is the pipe's input (a preprocess, a coercion): it is what is checked first.
      out.push({ where, schema });
      return out;
    case 'union':
      for (const option of def.options as z.ZodType[]) stringLeaves(option, where, out, seen);
      return out;
    case 'string': case 'template_literal':
      out.push({ where, schema });
      return out;
    default:
      return out;
  }
}

const contracts = Object.entries({ accounts, admin, briefs, cart, contact, files, orders, payments, reviews, uploads })
  .flatMap(([file, exports]) => Object.entries(exports as Record<string, unknown>)
    .filter(([, value]) => typeof value === 'object' && value !== null && 'response' in value && 'summary' in value)
    .map(([name, value]) => ({ name: `${file}.${name}`, contract: value as Record<string, z.ZodType | undefined> })));

/**
 * Where any text is taken and nothing of it is kept or refused, on purpose: a full-page navigation
 * that never answers 400 (an odd value falls back to the caller's store), and a file's address,
 * where anything unknown is "not found".
 */
const NOTHING_KEPT = new Set(['accounts.googleStart', 'accounts.googleCallback', 'uploads.readFile']);

const leaves = contracts.filter(({ name }) => !NOTHING_KEPT.has(name)).flatMap(({ name, contract }) => (['body', 'querystring', 'params', 'headers'] as const)
  // A header the route reads itself is checked there (documented only here).
  .filter((part) => contract[part] && !isReadByRoute(contract[part]))
  .flatMap((part) => stringLeaves(contract[part]!, `${name} ${part}`, [])));

describe('every text the API accepts', () => {
  it('is found: the walk reaches the fields it must', () => {
    expect(contracts.length).toBeGreaterThan(40);
    const names = leaves.map((leaf) => leaf.where);
    for (const field of ['orders.createOrder body.customerName', 'orders.createOrder body.requirements', 'admin.cancelOrder body.reason', 'reviews.declineQuote body.reason']) {
      expect(names, names.join('\n')).toContain(field);
    }
    expect(names.some((where) => /quote.* body\.lines\[0\]\.description$/i.test(where))).toBe(true);
  });

  it.each(leaves.map((leaf) => [leaf.where, leaf.schema] as const))('refuses a lone surrogate in %s', (_where, schema) => {
    for (const value of [LONE, LONE_LOW]) expect(schema.safeParse(value).success).toBe(false);
  });
});
