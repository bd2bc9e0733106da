/**
 * Sign-up (SPEC sections 2, 4, 5 and 8): the e-mail is checked for availability on its own once
 * it is a valid address (after a short pause in typing; the Check button does it at once), and
 * any edit starts over (none, checking, available, taken). The field says one thing at a time. The
 * password gets the server's own rule as feedback, the common-password list included
 * (usePasswordCheck), and the button stays disabled until the rules hold, with the reason shown
 * beside it. The server stays the authority: a refusal when the form is sent is shown where it
 * belongs, and nothing typed is lost.
 */
import type { Answer } from '../../../domain/contract/http.ts';
import type { checkEmail as checkEmailRoute, register as registerRoute } from '../../../domain/contract/accounts.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import { PASSWORD_MAX, usernameFromEmail } from '../../../domain/validation/account-fields.ts';
import { V } from '../../../domain/validation/messages.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { useStore } from '../../store-context.ts';
import { familyFirst, FormField } from './form-field.tsx';
import { ConfirmFeedback, PasswordFeedback, passwordError } from './password-feedback.tsx';
import { commonPasswordError, usePasswordCheck } from './password-check.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';


type Values = { email: string; password: string; confirmPassword: string; firstName: string; lastName: string; phone: string };
type EmailState = 'none' | 'checking' | 'available' | 'taken' | 'failed';

/** A pause in typing after which a complete address is checked. */
const EMAIL_CHECK_DELAY_MS = 500;

const loadSchemas = () => import('../../../domain/validation/accounts.ts');

export function RegisterForm({ onSuccess }: { onSuccess: (user: PublicUser) => void }) {
  const { t } = useTranslation('accounts');
  const { t: tErrors } = useTranslation('errors');
  const store = useStore();
  const { country, lang } = store;
  const [emailState, setEmailState] = useState<EmailState>('none');
  const { register, handleSubmit, control, setError, clearErrors, getValues, trigger, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { email: '', password: '', confirmPassword: '', firstName: '', lastName: '', phone: '' },
    // The username is derived from the e-mail by the server (and shown nowhere here), so the form checks the rest.
    resolver: lazySchemaResolver<Values>(async () => (await loadSchemas()).registerFormSchema, tErrors, (values): Record<string, string> => {
      const common = commonPasswordError(values.password);
      return common ? { password: tErrors(common) } : {};
    }),
  });
  const [email = '', password = '', confirm = ''] = useWatch({ control, name: ['email', 'password', 'confirmPassword'] });
  const passwordCheck = usePasswordCheck(password);
  /** The address the latest check was for: an answer for any other is stale. */
  const checking = useRef('');

  const emailField = register('email', {
    onChange: () => {
      setEmailState('none');
      clearErrors('email');
    },
    // A finished address that is not one says so when the visitor moves on, not while typing.
    onBlur: () => {
      if (getValues('email').trim()) void trigger('email');
    },
  });
  const passwordField = register('password', { onChange: () => clearErrors('password') });

  // Stable between renders (the store by its values, not a new object each time), so the
  // automatic check below runs once per address typed, not again on every render.
  const checkEmail = useCallback(async (address: string, announce: boolean) => {
    checking.current = address;
    setEmailState('checking');
    const result = await apiRequest<Answer<typeof checkEmailRoute>>('POST', '/api/auth/check-email', { email: address }, { country, lang });
    if (checking.current !== address || getValues('email').trim() !== address) return; // edited meanwhile: the answer is stale
    if (!result.ok) {
      if (result.error.fields?.email) {
        setEmailState('none');
        setError('email', { type: 'server', message: result.error.fields.email });
      } else {
        setEmailState('failed');
        if (announce) toast.error(() => t('toast.error'), () => result.error.message || t('toast.checkError'));
      }
      return;
    }
    setEmailState(result.data.available ? 'available' : 'taken');
    if (!announce) return;
    if (result.data.available) toast.success(() => t('toast.available'), () => t('emailCheck.available'));
    else toast.error(() => t('toast.unavailable'), () => t('emailCheck.taken'));
  }, [getValues, setError, country, lang, t]);

  // A complete, valid address is checked on its own after a pause in typing.
  useEffect(() => {
    const address = email.trim();
    if (!address) return;
    let live = true;
    const timer = setTimeout(() => {
      void loadSchemas().then(({ checkEmailSchema }) => {
        if (live && checkEmailSchema.safeParse({ email: address }).success) void checkEmail(address, false);
      });
    }, EMAIL_CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [email, checkEmail]);

  function checkNow() {
    const address = getValues('email').trim();
    if (!address) {
      toast.error(() => t('toast.error'), () => t('emailCheck.enterEmail'));
      return;
    }
    void checkEmail(address, true);
  }

  const passwordProblem = passwordCheck.problem === V.required ? V.passwordMin : passwordCheck.problem;
  // What still keeps the button disabled, said beside it, except a taken address, which the
  // e-mail field itself says as its error.
  const blockers = [
    !email.trim() ? t('emailCheck.enterEmail')
      : emailState === 'checking' ? t('emailCheck.checking')
      : emailState === 'available' || emailState === 'taken' ? null
      : t('emailCheck.required'),
    passwordProblem ? tErrors(passwordProblem, { count: PASSWORD_MAX }) : passwordCheck.pending ? t('password.checking') : null,
    password !== confirm ? t('password.mismatch') : null,
  ].filter((b): b is string => Boolean(b));
  const ready = blockers.length === 0 && emailState === 'available';

  const submit = handleSubmit(async (values) => {
    const payload = {
      email: values.email,
      username: usernameFromEmail(values.email),
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      ...(values.phone.trim() ? { phone: values.phone } : {}),
    };
    const result = await apiRequest<Answer<typeof registerRoute, 201>>('POST', '/api/auth/register', payload, store);
    if (result.ok) {
      toast.success(() => t('toast.registerSuccess'), result.data.message);
      onSuccess(result.data.user);
      return;
    }
    if (result.error.code === 'EMAIL_TAKEN') setEmailState('taken');
    for (const [field, message] of Object.entries(result.error.fields ?? {})) {
      const target = field === 'username' ? 'email' : field;
      if (target in values) setError(target as keyof Values, { type: 'server', message });
    }
    toast.error(() => t('toast.registerFailed'), () => result.error.message || t('toast.registerError'));
  });

  // One message at a time: what is wrong with the address, or where its check stands.
  const emailError = errors.email?.message ?? (emailState === 'taken' ? t('emailCheck.taken') : undefined);
  const emailHint = emailError ? null
    : emailState === 'available' ? <p className="text-brand-800">{t('emailCheck.available')}</p>
    : emailState === 'checking' ? <p className="text-slate-600">{t('emailCheck.checking')}</p>
    : emailState === 'failed' ? <p className="text-amber-800">{t('toast.checkError')}</p>
    : null;

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={emailError}
        hint={emailHint}
        data-email-state={emailState}
        {...emailField}
        addon={
          <button type="button" onClick={checkNow} disabled={emailState === 'checking'} className="btn-secondary shrink-0 px-4">
            {t('emailCheck.button')}
          </button>
        }
      />
      <FormField
        label={t('fields.password')}
        revealable
        autoComplete="new-password"
        required
        error={errors.password?.message ?? passwordError(passwordCheck, tErrors)}
        hint={<PasswordFeedback password={password} check={passwordCheck} />}
        {...passwordField}
      />
      <FormField label={t('fields.confirmPassword')} revealable autoComplete="new-password" required error={errors.confirmPassword?.message} hint={<ConfirmFeedback password={password} confirm={confirm} />} {...register('confirmPassword')} />
      <div className="grid gap-4 sm:grid-cols-2">
        {familyFirst(lang, [
          <FormField key="last" label={t('fields.lastName')} autoComplete="family-name" required error={errors.lastName?.message} {...register('lastName')} />,
          <FormField key="first" label={t('fields.firstName')} autoComplete="given-name" required error={errors.firstName?.message} {...register('firstName')} />,
        ])}
      </div>
      <FormField label={t('fields.phone')} type="tel" autoComplete="tel" optional error={errors.phone?.message} {...register('phone')} />
      {!ready && (
        <ul className="space-y-1 text-sm text-slate-600" aria-live="polite">
          {blockers.map((b) => <li key={b}>• {b}</li>)}
        </ul>
      )}
      <button type="submit" className="btn-primary w-full" disabled={!ready || isSubmitting}>
        {isSubmitting ? t('register.submitting') : t('register.submit')}
      </button>
    </form>
  );
}
