/**
 * The sign-in dialog (SPEC section 2): at most 425 px wide, login and sign-up tabs, a
 * forgot-password view with a way back, Google when it is configured, and a guest option when
 * the caller offers one.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useLocation } from 'react-router';
import type { PublicUser } from '../../../domain/user.ts';
import { Modal } from '../../components/modal.tsx';
import { useRootData } from '../../store-context.ts';
import { ForgotForm } from './forgot-form.tsx';
import { LoginForm, type SecondFactorPending } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type AuthTab = 'login' | 'register';

// Only staff with a second factor ever need it.
const SecondFactorStep = lazy(() => import('./second-factor-step.tsx'));

export interface AuthDialogProps {
  open: boolean;
  initialTab: AuthTab;
  onClose: () => void;
  onAuthenticated: (user: PublicUser) => void;
  onGuest?: (() => void) | undefined;
  /** Open at the code step: back from Google with a challenge in a cookie (issue 36). */
  initialSecondFactor?: { step: 'verify' | 'enroll' } | undefined;
}

export default function AuthDialog({ open, initialTab, onClose, onAuthenticated, onGuest, initialSecondFactor }: AuthDialogProps) {
  const { t } = useTranslation('accounts');
  const { googleSignIn, country } = useRootData();
  const { pathname } = useLocation();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [forgot, setForgot] = useState(false);
  const [secondFactor, setSecondFactor] = useState<Partial<SecondFactorPending> & { step: 'verify' | 'enroll' } | null>(initialSecondFactor ?? null);

  const tabButton = (id: AuthTab) => (
    <button
      type="button"
      role="tab"
      id={`auth-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`auth-panel-${id}`}
      onClick={() => setTab(id)}
      className="min-h-11 flex-1 rounded-full text-sm font-semibold text-slate-600 aria-selected:bg-white aria-selected:text-ink aria-selected:shadow"
    >
      {t(id === 'login' ? 'dialog.loginTab' : 'dialog.registerTab')}
    </button>
  );

  return (
    <Modal open={open} onClose={onClose} labelledBy="auth-dialog-title" className="max-w-[425px]">
      <div className="p-6 pt-5">
        <h2 id="auth-dialog-title" className="pr-12 text-xl font-bold">{t('dialog.title')}</h2>
        {secondFactor ? (
          <div className="mt-4">
            <h3 className="mb-3 font-semibold">{t('secondFactor.title')}</h3>
            <Suspense fallback={<p className="text-sm text-slate-600">{t('secondFactor.loading')}</p>}>
              <SecondFactorStep
                challenge={secondFactor.challenge} step={secondFactor.step} email={secondFactor.email}
                onSuccess={onAuthenticated} onStartOver={() => { setSecondFactor(null); setTab('login'); }}
              />
            </Suspense>
          </div>
        ) : forgot ? (
          <div className="mt-4">
            <ForgotForm onBack={() => setForgot(false)} />
          </div>
        ) : (
          <>
            <div role="tablist" aria-label={t('dialog.title')} className="mt-4 flex gap-1 rounded-full bg-slate-100 p-1">
              {tabButton('login')}
              {tabButton('register')}
            </div>
            <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`} className="mt-5">
              {tab === 'login' ? <LoginForm onSuccess={onAuthenticated} onForgot={() => setForgot(true)} onSecondFactor={setSecondFactor} /> : <RegisterForm onSuccess={onAuthenticated} />}
            </div>
            {(googleSignIn || onGuest) && (
              <div className="mt-5 space-y-3">
                <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">{t('dialog.or')}</p>
                {googleSignIn && (
                  // Back to the page the visitor is on (the server accepts only paths inside the store).
                  <a href={`/api/auth/google?country=${country}&returnTo=${encodeURIComponent(pathname)}`} className="btn-secondary w-full">
                    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                      <path fill="#4285F4" d="M22.6 12.2c0-.7-.1-1.4-.2-2H12v3.9h6a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-7.9z" />
                      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z" />
                      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
                      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4z" />
                    </svg>
                    {t('login.google')}
                  </a>
                )}
                {onGuest && (
                  <button type="button" onClick={onGuest} className="btn-secondary w-full">{t('login.guest')}</button>
                )}
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
