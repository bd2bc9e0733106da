import { describe, expect, it } from 'vitest';
import { V } from '../../src/domain/validation/messages.ts';
import { translatorFor } from '../../src/i18n/translator.server.ts';
import { passwordError } from '../../src/web/features/accounts/password-feedback.tsx';

describe('the password field error in the page', () => {
  it('says the limit in words in every language, not a message key', () => {
    for (const lang of ['ko', 'en', 'ja', 'vi', 'zh'] as const) {
      const tErrors = translatorFor(lang, 'errors');
      const text = passwordError({ problem: V.tooLong, pending: false }, tErrors)!;
      expect(text, lang).toContain('128');
      expect(text, lang).not.toContain('validation.');
    }
    expect(passwordError({ problem: V.tooLong, pending: false }, translatorFor('en', 'errors'))).toBe('Please use at most 128 characters.');
  });
});
