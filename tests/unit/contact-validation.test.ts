import { describe, expect, it } from 'vitest';
import { contactSchema } from '../../src/domain/validation/contact.ts';
import { fieldErrors } from '../../src/domain/validation/schema-helpers.ts';

const valid = { name: '김민수', email: 'minsu@example.com', company: '', service: 'consultation', message: '상품 사진 문의드립니다.' };

function errorsOf(input: unknown) {
  const result = contactSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('contact form rules (SPEC section 5)', () => {
  it('accepts name, email, service and message, company optional', () => {
    const result = contactSchema.parse(valid);
    expect(result).toEqual({ name: '김민수', email: 'minsu@example.com', service: 'consultation', message: '상품 사진 문의드립니다.' });
    expect(contactSchema.parse({ ...valid, company: '  루미상회 ' }).company).toBe('루미상회');
  });

  it('requires every required field, as catalog keys', () => {
    expect(errorsOf({})).toEqual({
      name: { key: 'validation.required' },
      email: { key: 'validation.required' },
      service: { key: 'validation.required' },
      message: { key: 'validation.required' },
    });
  });

  it('treats blank text as missing', () => {
    expect(errorsOf({ ...valid, name: '   ', message: '\n' })).toEqual({
      name: { key: 'validation.required' },
      message: { key: 'validation.required' },
    });
  });

  it('checks the e-mail format', () => {
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual({ email: { key: 'validation.email' } });
  });

  it('only offers the four services', () => {
    expect(errorsOf({ ...valid, service: 'platinum' })).toEqual({ service: { key: 'validation.invalidChoice' } });
  });

  it('limits lengths and says the maximum', () => {
    expect(errorsOf({ ...valid, message: 'a'.repeat(5001) })).toEqual({ message: { key: 'validation.tooLong', values: { count: 5000 } } });
  });

  it('rejects wrong types without throwing', () => {
    expect(errorsOf({ ...valid, name: 42, email: ['x'] })).toEqual({
      name: { key: 'validation.required' },
      email: { key: 'validation.required' },
    });
  });
});
