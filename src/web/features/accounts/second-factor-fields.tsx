/**
 * The two fields every second-factor form asks with (issue 36): the app's six digits, or a
 * recovery code. One place for their labels, hints, keyboards and autofill, and for what the
 * server will accept, so a wrong shape is said before anything is sent.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { FormField } from './form-field.tsx';

export const TOTP_CODE = /^\d{3}\s?\d{3}$/;
export const RECOVERY_CODE = /^[A-Za-z2-7]{5}[\s-]?[A-Za-z2-7]{5}$/;

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}

export function TotpCodeField({ value, onChange, error, autoFocus }: FieldProps) {
  const { t } = useTranslation('accounts');
  return (
    <FormField label={t('secondFactor.codeLabel')} hint={t('secondFactor.codeHint')} inputMode="numeric" autoComplete="one-time-code" maxLength={7} required
      autoFocus={autoFocus} value={value} onChange={(event) => onChange(event.target.value)} error={error} />
  );
}

export function RecoveryCodeField({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation('accounts');
  return (
    <FormField label={t('secondFactor.recoveryLabel')} hint={t('secondFactor.recoveryHint')} autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={11} required
      value={value} onChange={(event) => onChange(event.target.value)} error={error} />
  );
}
