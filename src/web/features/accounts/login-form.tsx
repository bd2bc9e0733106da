import { useForm } from 'react-hook-form';
import type { Answer } from '../../../domain/contract/http.ts';
import type { login } from '../../../domain/contract/accounts.ts';
import { useTranslation } from '../../i18n/react.tsx';
import type { PublicUser } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { useStore } from '../../store-context.ts';
import { FormField } from './form-field.tsx';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';

type Values = { email: string; password: string };

/** What the password step leaves for the code step (issue 36): staff with a second factor. */
export interface SecondFactorPending { challenge: string; step: 'verify' | 'enroll'; email: string }

export function LoginForm({ onSuccess, onForgot, onSecondFactor }: { onSuccess: (user: PublicUser) => void; onForgot: () => void; onSecondFactor: (pending: SecondFactorPending) => void }) {
  const { t } = useTranslation('accounts');
  const { t: tErrors } = useTranslation('errors');
  const store = useStore();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { email: '', password: '' },
    resolver: lazySchemaResolver<Values>(async () => (await import('../../../domain/validation/accounts.ts')).loginSchema, tErrors),
  });

  const submit = handleSubmit(async (values) => {
    const result = await apiRequest<Answer<typeof login> | Answer<typeof login, 202>>('POST', '/api/auth/login', values, store);
    if (result.ok) {
      // The password was right; a staff account goes on to its code (no session yet).
      if ('secondFactor' in result.data) {
        onSecondFactor({ challenge: result.data.secondFactor.challenge, step: result.data.secondFactor.step, email: values.email });
        return;
      }
      toast.success(() => t('toast.loginSuccess'), result.data.message);
      onSuccess(result.data.user);
      return;
    }
    for (const [field, message] of Object.entries(result.error.fields ?? {})) {
      if (field === 'email' || field === 'password') setError(field, { type: 'server', message });
    }
    toast.error(() => t('toast.loginFailed'), () => result.error.message || t('toast.loginError'));
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
      <FormField label={t('fields.password')} revealable autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
      <div className="flex justify-end">
        <button type="button" onClick={onForgot} className="min-h-11 text-sm font-medium text-brand-800 underline-offset-2 hover:underline">
          {t('login.forgot')}
        </button>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
