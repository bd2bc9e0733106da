/**
 * Enrolling an authenticator app (issue 36): the QR code the server drew (an SVG, so no QR code
 * ships in any bundle), the key to type when scanning is not possible, and the first code, which
 * turns two-step sign-in on and brings the recovery codes. Used by the sign-in dialog (with an
 * `enroll` challenge) and by My Page (signed in).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { secondFactorConfirm, secondFactorSetup } from '../../../domain/contract/accounts.ts';
import type { Answer } from '../../../domain/contract/http.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { useStore } from '../../store-context.ts';
import { TOTP_CODE, TotpCodeField } from './second-factor-fields.tsx';

type Confirmed = Answer<typeof secondFactorConfirm>;

export function EnrolAuthenticator({ challenge, onEnrolled, onCancel }: { challenge?: string | undefined; onEnrolled: (confirmed: Confirmed) => void; onCancel?: (() => void) | undefined }) {
  const { t } = useTranslation('accounts');
  const store = useStore();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    // Once: a second setup would replace the secret the first one showed.
    if (asked.current) return;
    asked.current = true;
    void apiRequest<Answer<typeof secondFactorSetup>>('POST', '/api/auth/second-factor/setup', challenge ? { challenge } : {}, store).then((result) => {
      if (result.ok) setSetup({ secret: result.data.secret, qrSvg: result.data.qrSvg });
      else setFailed(result.error.message || t('secondFactor.setupFailed'));
    });
  }, [challenge, store, t]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!TOTP_CODE.test(code.trim())) {
      setError(t('secondFactor.codeHint'));
      return;
    }
    setBusy(true);
    const result = await apiRequest<Confirmed>('POST', '/api/auth/second-factor/confirm', { ...(challenge ? { challenge } : {}), code: code.trim() }, store);
    setBusy(false);
    if (result.ok) {
      onEnrolled(result.data);
      return;
    }
    if (result.error.status === 401 || result.error.status === 429) setError(result.error.message);
    else toast.error(() => t('secondFactor.failed'), result.error.message);
  };

  if (failed) return <p role="alert" className="text-sm text-red-700">{failed}</p>;
  if (!setup) return <p className="text-sm text-slate-600" aria-live="polite">{t('secondFactor.loading')}</p>;
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <form noValidate onSubmit={(event) => void confirm(event)} className="grid gap-4" data-enrol-authenticator>
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt={t('secondFactor.scanAlt')} width={176} height={176} className="mx-auto size-44 rounded-xl border border-slate-200 bg-white" />
      <div>
        <p className="text-sm font-semibold">{t('secondFactor.secretLabel')}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-2">
          <code className="min-w-0 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm" data-totp-secret={setup.secret}>{grouped}</code>
          <button type="button" className="btn-secondary" onClick={() => void navigator.clipboard?.writeText(setup.secret).then(() => toast.success(() => t('secondFactor.copied')), () => {})}>{t('secondFactor.copy')}</button>
        </div>
      </div>
      <TotpCodeField value={code} onChange={(typed) => { setCode(typed); setError(undefined); }} error={error} />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && <button type="button" className="btn-secondary" onClick={onCancel}>{t('secondFactor.cancel')}</button>}
        <button type="submit" className="btn-primary" disabled={busy}>{busy ? t('secondFactor.submitting') : t('secondFactor.turnOn')}</button>
      </div>
    </form>
  );
}
