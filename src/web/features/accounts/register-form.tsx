/**
 * Sign-up (SPEC sections 2, 4, 5 and 8): the e-mail must be checked first (none, checking,
 * available, taken; any edit starts over), the password gets live feedback, and the button stays
 * disabled until the rules hold, with the reason shown beside it.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, usernameFromEmail } from '../../../domain/validation/account-fields.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { useStore } from '../../store-context.ts';
import { FormField } from './form-field.tsx';
import { ConfirmFeedback, PasswordFeedback } from './password-feedback.tsx';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';

type Values = { email: string; password: string; confirmPassword: string; firstName: string; lastName: string; phone: string };
type EmailState = 'none' | 'checking' | 'available' | 'taken';

export function RegisterForm({ onSuccess }: { onSuccess: (user: PublicUser) => void }) {
  const { t } = useTranslation('accounts');
  const { t: tErrors } = useTranslation('errors');
  const store = useStore();
  const [emailState, setEmailState] = useState<EmailState>('none');
  const { register, handleSubmit, control, setError, getValues, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { email: '', password: '', confirmPassword: '', firstName: '', lastName: '', phone: '' },
    // The username is derived from the e-mail by the server (and shown nowhere here), so the form checks the rest.
    resolver: lazySchemaResolver<Values>(async () => (await import('../../../domain/validation/accounts.ts')).registerFormSchema, tErrors),
  });
  const [password = '', confirm = ''] = useWatch({ control, name: ['password', 'confirmPassword'] });

  const emailField = register('email', { onChange: () => setEmailState('none') });

  async function checkEmail() {
    const email = getValues('email').trim();
    if (!email) {
      toast.error(t('toast.error'), t('emailCheck.enterEmail'));
      return;
    }
    setEmailState('checking');
    const result = await apiRequest<{ available: boolean }>('POST', '/api/auth/check-email', { email }, store);
    if (!result.ok) {
      setEmailState('none');
      if (result.error.fields?.email) setError('email', { type: 'server', message: result.error.fields.email });
      else toast.error(t('toast.error'), result.error.message || t('toast.checkError'));
      return;
    }
    if (getValues('email').trim() !== email) return; // edited meanwhile: the answer is stale
    setEmailState(result.data.available ? 'available' : 'taken');
    if (result.data.available) toast.success(t('toast.available'), t('emailCheck.available'));
    else toast.error(t('toast.unavailable'), t('emailCheck.taken'));
  }

  const blockers = [
    emailState !== 'available' ? t('emailCheck.required') : null,
    password.length < PASSWORD_MIN ? tErrors('validation.passwordMin') : null,
    confirm && password !== confirm ? t('password.mismatch') : null,
  ].filter((b): b is string => Boolean(b));
  const ready = blockers.length === 0 && password === confirm;

  const submit = handleSubmit(async (values) => {
    const payload = {
      email: values.email,
      username: usernameFromEmail(values.email),
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      ...(values.phone.trim() ? { phone: values.phone } : {}),
    };
    const result = await apiRequest<{ user: PublicUser; message: string }>('POST', '/api/auth/register', payload, store);
    if (result.ok) {
      toast.success(t('toast.registerSuccess'), result.data.message);
      onSuccess(result.data.user);
      return;
    }
    if (result.error.code === 'EMAIL_TAKEN') setEmailState('taken');
    for (const [field, message] of Object.entries(result.error.fields ?? {})) {
      const target = field === 'username' ? 'email' : field;
      if (target in values) setError(target as keyof Values, { type: 'server', message });
    }
    toast.error(t('toast.registerFailed'), result.error.message || t('toast.registerError'));
  });

  const emailHint =
    emailState === 'available' ? <p className="text-brand-800">{t('emailCheck.available')}</p>
    : emailState === 'taken' ? <p className="text-red-700">{t('emailCheck.taken')}</p>
    : null;

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        hint={emailHint}
        {...emailField}
        addon={
          <button type="button" onClick={checkEmail} disabled={emailState === 'checking'} className="btn-secondary shrink-0 px-4" data-email-state={emailState}>
            {emailState === 'checking' ? t('emailCheck.checking') : t('emailCheck.button')}
          </button>
        }
      />
      <FormField label={t('fields.password')} revealable autoComplete="new-password" required error={errors.password?.message} hint={<PasswordFeedback password={password} />} {...register('password')} />
      <FormField label={t('fields.confirmPassword')} revealable autoComplete="new-password" required error={errors.confirmPassword?.message} hint={<ConfirmFeedback password={password} confirm={confirm} />} {...register('confirmPassword')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.lastName')} autoComplete="family-name" required error={errors.lastName?.message} {...register('lastName')} />
        <FormField label={t('fields.firstName')} autoComplete="given-name" required error={errors.firstName?.message} {...register('firstName')} />
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
