/**
 * "Hardening, round three", item 6: the one text builder every schema uses refuses control
 * characters (tab and line feed are text; carriage return only as the line break of multi-line
 * text, stored as a line feed), and a logged database error keeps none of its parameters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { V } from '../../src/domain/validation/messages.ts';
import { fieldErrors, optionalText, plainText, requiredText } from '../../src/domain/validation/schema-helpers.ts';
import { serializeError } from '../../src/server/http/errors.ts';

const issueOf = (schema: z.ZodType, value: unknown) => {
  const result = z.object({ field: schema }).safeParse({ field: value });
  return result.success ? null : fieldErrors(result.error).field?.key;
};

describe('plainText', () => {
  const allowedInLines = new Set([0x09, 0x0a]);
  it.each(Array.from({ length: 0xa0 }, (_, code) => code).filter((code) => code < 0x20 || code >= 0x7f))('refuses character code %i in a line, and in multi-line text unless it is a line break', (code) => {
    const char = String.fromCharCode(code);
    const line = issueOf(plainText(), `a${char}b`);
    if (code === 0x09) expect(line).toBeNull();
    else expect(line).toBe(code === 0x0a || code === 0x0d ? V.singleLine : V.controlChars);
    const lines = issueOf(plainText({ multiline: true }), `a${char}b`);
    expect(lines).toBe(allowedInLines.has(code) || code === 0x0d ? null : V.controlChars);
  });

  it('stores every line break of multi-line text as a line feed, and trims', () => {
    expect(requiredText(100, { multiline: true }).parse(' first\r\nsecond\rthird\n\tfourth \r\n')).toBe('first\nsecond\nthird\n\tfourth');
    expect(optionalText(100, { multiline: true }).parse('\r\n \r\n')).toBeUndefined();
    // The length is counted after that: a CRLF is one character.
    expect(requiredText(3, { multiline: true }).safeParse('a\r\nb').success).toBe(true);
  });

  it('keeps what a single line should keep: tabs, any script, emoji; and trims around it', () => {
    expect(requiredText(100).parse('  김\t민수 🙂 Nguyễn 王  ')).toBe('김\t민수 🙂 Nguyễn 王');
    expect(plainText({ trim: false }).parse('  pass word  ')).toBe('  pass word  ');
    expect(issueOf(plainText({ trim: false }), 'pass\u0000word')).toBe(V.controlChars);
  });

  it('is what every text field of the domain schemas is built on', () => {
    const dir = path.resolve(import.meta.dirname, '../../src/domain/validation');
    const rawStrings = fs.readdirSync(dir)
      .filter((file) => file !== 'schema-helpers.ts')
      .filter((file) => /\bz\s*\.\s*(?:coerce\s*\.\s*)?string\s*\(/.test(fs.readFileSync(path.join(dir, file), 'utf8')));
    expect(rawStrings).toEqual([]);
  });
});

describe('serializeError (the log\'s err serializer)', () => {
  const guest = 'Zm9vYmFyYmF6cXV4LWd1ZXN0LWlkLXRoYXQtaXMtbG9uZw';
  const email = 'minsu@example.com';

  it('logs a Drizzle query error with its statement and code, without the parameters or the value PostgreSQL quotes', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type uuid: "${guest}"`), {
      code: '22P02', severity: 'ERROR', detail: `Key (guest_id)=(${guest}) already exists.`, where: `row ${email}`,
      query: 'select $1', params: [guest, email], parameters: [guest, email], table_name: 'orders', constraint_name: 'orders_guest_check',
    });
    const error = new DrizzleQueryError('insert into "orders" (guest_id, customer_email) values ($1, $2)', [guest, email], cause);
    const logged = serializeError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(guest);
    expect(text).not.toContain(email);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError', message: 'Failed query', query: 'insert into "orders" (guest_id, customer_email) values ($1, $2)',
      cause: { code: '22P02', message: 'invalid input syntax for type uuid: [redacted]', table: 'orders', constraint: 'orders_guest_check' },
    });
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
  });

  it('leaves other errors as they were, with their code', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' });
    expect(serializeError('text')).toMatchObject({ type: 'string', message: 'text' });
  });
});
