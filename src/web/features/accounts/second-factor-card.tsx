/**
 * My Page, for staff (issue 36): two-step sign-in, on or off, with its recovery codes left; set it
 * up with an authenticator app, or make new recovery codes with a current code. Loaded only for
 * staff, and it asks the server itself (customers' My Page reads nothing more for it).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { renewRecoveryCodes, secondFactorState } from '../../../domain/contract/accounts.ts';
import type { Answer } from '../../../domain/contract/http.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { EnrolAuthenticator } from './enrol-authenticator.tsx';
import { TOTP_CODE, TotpCodeField } from './second-factor-fields.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

type State = Answer<typeof secondFactorState>;
type View = 'status' | 'enrol' | 'renew' | { codes: string[] };

export default function SecondFactorCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation('accounts');
  const store = useRootData();
  const [state, setState] = useState<State | null>(null);
  const [view, setView] = useState<View>('status');
  const load = useCallback(async () => {
    const result = await apiRequest<State>('GET', '/api/auth/second-factor', undefined, store);
    if (result.ok) setState(result.data);
  }, [store]);
  useEffect(() => { void load(); }, [load]);

  const date = new Intl.DateTimeFormat(store.lang, { dateStyle: 'medium' });
  const codesShown = typeof view === 'object' ? view.codes : null;
  return (
    <section aria-labelledby="second-factor" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-second-factor-card>
      <h2 id="second-factor" className="text-lg font-bold">{t('secondFactor.title')}</h2>
      <p className="mt-2 text-sm text-slate-600">{t('secondFactor.cardIntro')}</p>
      {!state ? <p className="mt-4 text-sm text-slate-600" aria-live="polite">{t('secondFactor.loading')}</p> : (
        <div className="mt-4 grid gap-4">
          <p className="font-medium" data-second-factor-status={state.enrolled ? 'on' : 'off'}>
            {state.enrolled && state.confirmedAt ? t('secondFactor.statusOn', { date: date.format(new Date(state.confirmedAt)) }) : t('secondFactor.statusOff')}
            {state.enrolled && <span className="ml-2 text-sm font-normal text-slate-600">· {t('secondFactor.codesLeft', { count: state.recoveryCodesLeft })}</span>}
          </p>
          {state.required && !state.enrolled && <p className="text-sm text-amber-800">{t('secondFactor.required')}</p>}
          {codesShown ? (
            <RecoveryCodes codes={codesShown} email={user.email} onDone={() => { setView('status'); void load(); }} />
          ) : view === 'enrol' ? (
            <EnrolAuthenticator onEnrolled={(confirmed) => { toast.success(() => t('secondFactor.title'), confirmed.message); setView({ codes: confirmed.recoveryCodes }); void load(); }} onCancel={() => setView('status')} />
          ) : view === 'renew' ? (
            <RenewCodes onRenewed={(codes) => setView({ codes })} onCancel={() => setView('status')} />
          ) : (
            <div className="flex flex-wrap gap-2">
              {state.enrolled
                ? <button type="button" className="btn-secondary" onClick={() => setView('renew')}>{t('secondFactor.renew')}</button>
                : <button type="button" className="btn-primary" onClick={() => setView('enrol')}>{t('secondFactor.setUp')}</button>}
            </div>
          )}
          {state.enrolled && <p className="text-xs text-slate-500">{t('secondFactor.lostPhone')}</p>}
        </div>
      )}
    </section>
  );
}

function RenewCodes({ onRenewed, onCancel }: { onRenewed: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation('accounts');
  const store = useRootData();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!TOTP_CODE.test(code.trim())) {
      setError(t('secondFactor.codeHint'));
      return;
    }
    setBusy(true);
    const result = await apiRequest<Answer<typeof renewRecoveryCodes>>('POST', '/api/auth/second-factor/recovery-codes', { code: code.trim() }, store);
    setBusy(false);
    if (result.ok) {
      toast.success(() => t('secondFactor.codesTitle'), result.data.message);
      onRenewed(result.data.recoveryCodes);
    } else if (result.error.status === 401 || result.error.status === 429) {
      setError(result.error.message);
    } else {
      toast.error(() => t('secondFactor.failed'), result.error.message);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
      <p className="text-sm text-slate-600">{t('secondFactor.renewIntro')}</p>
      <TotpCodeField value={code} onChange={(typed) => { setCode(typed); setError(undefined); }} error={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>{t('secondFactor.cancel')}</button>
        <button type="submit" className="btn-primary" disabled={busy}>{busy ? t('secondFactor.submitting') : t('secondFactor.renew')}</button>
      </div>
    </form>
  );
}
