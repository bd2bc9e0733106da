import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../domain/validation/account-fields.ts';

/** Live feedback while typing (SPEC section 5): valid, too short with the length, match or mismatch. */
export function PasswordFeedback({ password }: { password: string }) {
  const { t } = useTranslation('accounts');
  if (!password) return null;
  const ok = password.length >= PASSWORD_MIN;
  return (
    <p aria-live="polite" className={ok ? 'text-brand-800' : 'text-amber-800'}>
      {ok ? t('password.valid') : t('password.tooShort', { length: password.length })}
    </p>
  );
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
