/**
 * My Page: change the password. The current one is asked for (accounts without a password, made
 * with Google, set one after a fresh Google sign-in); other devices are signed out.
 */
import type { Answer } from '../../../domain/contract/http.ts';
import type { changePassword } from '../../../domain/contract/accounts.ts';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import type { PublicUser } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { FormField } from './form-field.tsx';
import { GoogleReauthButton } from './google-reauth.tsx';
import { commonPasswordError, usePasswordCheck } from './password-check.ts';
import { ConfirmFeedback, PasswordFeedback, passwordError } from './password-feedback.tsx';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

export function ChangePassword({ user }: { user: PublicUser }) {
  const { t } = useTranslation('accounts');
  const { t: tErrors } = useTranslation('errors');
  const store = useRootData();
  const { register, handleSubmit, reset, setError, clearErrors, control, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    // The server's rule, the common passwords included, before the form is sent (password-check.ts).
    resolver: lazySchemaResolver<Values>(async () => (await import('../../../domain/validation/accounts.ts')).changePasswordFormSchema, tErrors, (values): Record<string, string> => {
      const common = commonPasswordError(values.newPassword);
      return common ? { newPassword: tErrors(common) } : {};
    }),
  });
  const [password = '', confirm = ''] = useWatch({ control, name: ['newPassword', 'confirmPassword'] });
  const passwordCheck = usePasswordCheck(password);

  const save = handleSubmit(async (values) => {
    const body = { newPassword: values.newPassword, ...(user.hasPassword ? { currentPassword: values.currentPassword } : {}) };
    const result = await apiRequest<Answer<typeof changePassword>>('PUT', '/api/auth/password', body, store);
    if (result.ok) {
      toast.success(() => t('passwordChange.changed'), result.data.message);
      reset();
      return;
    }
    for (const [field, message] of Object.entries(result.error.fields ?? {})) {
      if (field in values) setError(field as keyof Values, { type: 'server', message });
    }
    if (result.error.status === 0) toast.error(() => t('profile.error'), () => t('toast.loginError'));
    else toast.error(() => t('passwordChange.failed'), result.error.message);
  });

  return (
    <section aria-labelledby="change-password" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="change-password" className="text-lg font-bold">{user.hasPassword ? t('passwordChange.title') : t('passwordChange.setTitle')}</h2>
      {!user.hasPassword && (
        <div className="mt-2 grid gap-3">
          <p className="text-sm text-slate-600">{t('passwordChange.googleOnly')}</p>
          <div><GoogleReauthButton country={store.country} /></div>
        </div>
      )}
      <form noValidate onSubmit={save} className="mt-6 grid gap-4">
        {/* Lets password managers tie the new password to this account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {user.hasPassword && (
          <FormField label={t('passwordChange.current')} revealable autoComplete="current-password" required error={errors.currentPassword?.message} {...register('currentPassword')} />
        )}
        <FormField label={t('passwordChange.new')} revealable autoComplete="new-password" required error={errors.newPassword?.message ?? passwordError(passwordCheck, tErrors)} hint={<PasswordFeedback password={password} check={passwordCheck} />} {...register('newPassword', { onChange: () => clearErrors('newPassword') })} />
        <FormField label={t('passwordChange.confirm')} revealable autoComplete="new-password" required error={errors.confirmPassword?.message} hint={<ConfirmFeedback password={password} confirm={confirm} />} {...register('confirmPassword')} />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={isSubmitting}>{isSubmitting ? t('profile.saving') : t('passwordChange.submit')}</button>
        </div>
      </form>
    </section>
  );
}
