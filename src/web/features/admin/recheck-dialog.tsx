/**
 * The re-check itself (issue 36): a code from the authenticator app (or a recovery code), or the
 * password for a staff member without a second factor, sent to POST /api/auth/reauthenticate.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { secondFactorState } from '../../../domain/contract/accounts.ts';
import type { Answer } from '../../../domain/contract/http.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { apiRequest } from '../../api-client.ts';
import { Modal } from '../../components/modal.tsx';
import { useRootData } from '../../store-context.ts';
import { FormField } from '../accounts/form-field.tsx';
import { RecoveryCodeField, TotpCodeField } from '../accounts/second-factor-fields.tsx';

export default function RecheckDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t } = useTranslation('admin');
  const { t: tAccounts } = useTranslation('accounts');
  const store = useRootData();
  const [enrolled, setEnrolled] = useState<boolean | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void apiRequest<Answer<typeof secondFactorState>>('GET', '/api/auth/second-factor', undefined, store).then((result) => setEnrolled(result.ok ? result.data.enrolled : false));
  }, [store]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      setError(t('recheck.empty'));
      return;
    }
    setBusy(true);
    const body = !enrolled ? { password: value } : recovery ? { recoveryCode: typed } : { code: typed };
    const result = await apiRequest('POST', '/api/auth/reauthenticate', body, store);
    setBusy(false);
    if (result.ok) onDone(true);
    else setError(result.error.message || t('toast.errorText'));
  };

  return (
    <Modal open onClose={() => onDone(false)} labelledBy="recheck-title" className="max-w-[425px]">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 p-6 pt-5" data-recheck>
        <h2 id="recheck-title" className="pr-12 text-xl font-bold">{t('recheck.title')}</h2>
        {enrolled === null ? <p className="text-sm text-slate-600">{tAccounts('secondFactor.loading')}</p> : (
          <>
            <p className="text-sm text-slate-700">{t(enrolled ? 'recheck.withCode' : 'recheck.withPassword')}</p>
            {!enrolled ? (
              <FormField key="password" label={tAccounts('fields.password')} revealable autoComplete="current-password" required autoFocus
                value={value} onChange={(event) => { setValue(event.target.value); setError(undefined); }} error={error} />
            ) : recovery ? (
              <RecoveryCodeField key="recovery" value={value} onChange={(typed) => { setValue(typed); setError(undefined); }} error={error} />
            ) : (
              <TotpCodeField key="code" autoFocus value={value} onChange={(typed) => { setValue(typed); setError(undefined); }} error={error} />
            )}
            {enrolled && (
              <button type="button" className="min-h-11 justify-self-start text-sm font-medium text-brand-800 underline-offset-2 hover:underline" onClick={() => { setRecovery((r) => !r); setValue(''); setError(undefined); }}>
                {recovery ? tAccounts('secondFactor.useCode') : tAccounts('secondFactor.useRecovery')}
              </button>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={() => onDone(false)}>{tAccounts('secondFactor.cancel')}</button>
              <button type="submit" className="btn-primary" disabled={busy}>{busy ? tAccounts('secondFactor.submitting') : t('recheck.submit')}</button>
            </div>
          </>
        )}
      </form>
    </Modal>
  );
}
