import type { TFunction } from '../../../i18n/translate.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { PASSWORD_MAX } from '../../../domain/validation/account-fields.ts';
import { V } from '../../../domain/validation/messages.ts';
import type { PasswordCheck } from './password-check.ts';

/**
 * What the server would refuse the typed password for (too long, too common), in the server's own
 * sentence: the field shows it as its error (red border, aria-invalid), not as a hint.
 */
export function passwordError(check: PasswordCheck, tErrors: TFunction): string | undefined {
  if (check.problem === V.tooLong) return tErrors(V.tooLong, { count: PASSWORD_MAX });
  if (check.problem === V.passwordCommon) return tErrors(V.passwordCommon);
  return undefined;
}

/**
 * Live feedback while typing (SPEC section 5), from the server's own rule (usePasswordCheck): too
 * short with the length, being checked, or usable. What the server refuses is the field's error
 * (passwordError), and then this says nothing.
 */
export function PasswordFeedback({ password, check }: { password: string; check: PasswordCheck }) {
  const { t } = useTranslation('accounts');
  if (!password || (check.problem && check.problem !== V.passwordMin)) return null;
  const [tone, text] =
    check.problem === V.passwordMin ? ['text-amber-800', t('password.tooShort', { length: password.length })]
    : check.pending ? ['text-slate-600', t('password.checking')]
    : ['text-brand-800', t('password.valid')];
  return <p aria-live="polite" className={tone} data-password-feedback={check.problem ?? (check.pending ? 'checking' : 'ok')}>{text}</p>;
}

export function ConfirmFeedback({ password, confirm }: { password: string; confirm: string }) {
  const { t } = useTranslation('accounts');
  if (!confirm) return null;
  const same = password === confirm;
  return (
    <p aria-live="polite" className={same ? 'text-brand-800' : 'text-red-700'}>
      {same ? t('password.match') : t('password.mismatch')}
    </p>
  );
}
