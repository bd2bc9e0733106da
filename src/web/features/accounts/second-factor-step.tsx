/**
 * The sign-in dialog's second step for staff (issue 36): after the password (or Google), the code
 * from the authenticator app or a recovery code; or, when the store requires two-step sign-in of an
 * account that has none yet, enrolling it there and then. Loaded only when a sign-in needs it.
 */
import { useState, type FormEvent } from 'react';
import type { secondFactorSignIn } from '../../../domain/contract/accounts.ts';
import type { Answer } from '../../../domain/contract/http.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { useStore } from '../../store-context.ts';
import { EnrolAuthenticator } from './enrol-authenticator.tsx';
import { RECOVERY_CODE, RecoveryCodeField, TOTP_CODE, TotpCodeField } from './second-factor-fields.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

export interface SecondFactorStepProps {
  /** From the password's answer; absent after Google (the challenge is in a cookie). */
  challenge?: string | undefined;
  step: 'verify' | 'enroll';
  email?: string | undefined;
  onSuccess: (user: PublicUser) => void;
  onStartOver: () => void;
}

export default function SecondFactorStep({ challenge, step, email, onSuccess, onStartOver }: SecondFactorStepProps) {
  const { t } = useTranslation('accounts');
  const [enrolled, setEnrolled] = useState<{ codes: string[]; user: PublicUser } | null>(null);
  if (step === 'enroll') {
    if (enrolled) return <RecoveryCodes codes={enrolled.codes} email={email ?? enrolled.user.email} onDone={() => onSuccess(enrolled.user)} />;
    return (
      <div className="grid gap-4">
        <p className="text-sm text-slate-700">{t('secondFactor.enrollIntro')}</p>
        <EnrolAuthenticator
          challenge={challenge}
          onEnrolled={(confirmed) => {
            if (confirmed.user) setEnrolled({ codes: confirmed.recoveryCodes, user: confirmed.user });
          }}
          onCancel={onStartOver}
        />
      </div>
    );
  }
  return <CodeForm challenge={challenge} onSuccess={onSuccess} onStartOver={onStartOver} />;
}

function CodeForm({ challenge, onSuccess, onStartOver }: Pick<SecondFactorStepProps, 'challenge' | 'onSuccess' | 'onStartOver'>) {
  const { t } = useTranslation('accounts');
  const store = useStore();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!(recovery ? RECOVERY_CODE : TOTP_CODE).test(typed)) {
      setError(t(recovery ? 'secondFactor.recoveryHint' : 'secondFactor.codeHint'));
      return;
    }
    setBusy(true);
    const body = { ...(challenge ? { challenge } : {}), ...(recovery ? { recoveryCode: typed } : { code: typed }) };
    const result = await apiRequest<Answer<typeof secondFactorSignIn>>('POST', '/api/auth/second-factor', body, store);
    setBusy(false);
    if (result.ok) {
      toast.success(() => t('toast.loginSuccess'), result.data.message);
      onSuccess(result.data.user);
      return;
    }
    if (result.error.status === 401 || result.error.status === 429 || result.error.status === 400) setError(result.error.message);
    else toast.error(() => t('toast.loginFailed'), () => result.error.message || t('toast.loginError'));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" data-second-factor-step>
      <p className="text-sm text-slate-700">{t('secondFactor.verifyIntro')}</p>
      {recovery ? (
        <RecoveryCodeField key="recovery" value={value} onChange={(typed) => { setValue(typed); setError(undefined); }} error={error} />
      ) : (
        <TotpCodeField key="code" autoFocus value={value} onChange={(typed) => { setValue(typed); setError(undefined); }} error={error} />
      )}
      <button type="button" className="min-h-11 justify-self-start text-sm font-medium text-brand-800 underline-offset-2 hover:underline" onClick={() => { setRecovery((r) => !r); setValue(''); setError(undefined); }}>
        {recovery ? t('secondFactor.useCode') : t('secondFactor.useRecovery')}
      </button>
      <button type="submit" className="btn-primary w-full" disabled={busy}>{busy ? t('secondFactor.submitting') : t('secondFactor.submit')}</button>
      <button type="button" className="min-h-11 text-sm text-slate-600 underline-offset-2 hover:underline" onClick={onStartOver}>{t('secondFactor.startOver')}</button>
    </form>
  );
}
