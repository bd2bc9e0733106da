import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from '../../src/server/http/contract.ts';

describe('the contract at the HTTP edge', () => {
  const answer = z.object({ success: z.literal(true), user: z.object({ id: z.string(), email: z.string() }), items: z.array(z.object({ id: z.string() })) });
  const route = { schema: answer, method: 'GET', url: '/api/x', httpStatus: '200' } as never;

  it('in tests, refuses an answer with a field its contract does not name, at any depth', () => {
    const write = serializerCompiler(true)(route);
    const fine = { success: true, user: { id: 'u', email: 'a@b.c' }, items: [{ id: '1' }] };
    expect(write(fine)).toBe(JSON.stringify(fine));
    expect(() => write({ ...fine, user: { ...fine.user, passwordHash: 'x' } })).toThrow(/\.user\.passwordHash/);
    expect(() => write({ ...fine, items: [{ id: '1', guestId: 'g' }] })).toThrow(/\.items\[0\]\.guestId/);
    expect(() => write({ ...fine, success: 'yes' })).toThrow(/outside its contract/);
  });

  it('in production, writes the answer as it is (nothing checked per request)', () => {
    const write = serializerCompiler(false)(route);
    expect(write({ anything: 1 })).toBe('{"anything":1}');
  });

  it('reads a query key given twice as its first value', () => {
    const validate = validatorCompiler({ schema: z.object({ key: z.string().optional() }), httpPart: 'querystring', method: 'GET', url: '/x' } as never) as (data: unknown) => { value?: unknown; error?: unknown };
    expect(validate({ key: ['a', 'b'] })).toEqual({ value: { key: 'a' } });
    expect(validate({ key: 'c' })).toEqual({ value: { key: 'c' } });
  });
});
