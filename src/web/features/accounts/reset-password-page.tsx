/**
 * The password reset page (SPEC section 2): reads ?token=; without one, says the link is
 * invalid and goes home. Both fields are required, must match and be at least 6 characters,
 * with SPEC's messages; success says so and goes home.
 */
import type { Answer } from '../../../domain/contract/http.ts';
import type { resetPassword } from '../../../domain/contract/accounts.ts';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/reset-password-page';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';
import { FormField } from './form-field.tsx';
import { commonPasswordError, usePasswordCheck } from './password-check.ts';
import { ConfirmFeedback, PasswordFeedback, passwordError } from './password-feedback.tsx';

type Values = { password: string; confirm: string };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/reset-password', noindex: true, text: (t) => ({ title: t('accounts:meta.reset'), description: t('accounts:reset.text') }) });

export default function ResetPasswordPage() {
  const { t, whenLoaded } = useTranslation('accounts');
  const { t: tErrors } = useTranslation('errors');
  const store = useRootData();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const home = `/${store.country}`;

  useEffect(() => {
    if (token) return;
    // Right after the page hydrates: the message was not part of its render.
    void whenLoaded().then(() => toast.error(() => t('toast.error'), () => t('reset.invalidLink')));
    void navigate(home, { replace: true });
  }, [token, navigate, home, t, whenLoaded]);

  const { register, handleSubmit, control, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { password: '', confirm: '' },
    // SPEC section 5, in SPEC's order: both filled, the same, at least 6 characters.
    // Then the server's rule for the rest: not one of the common passwords (password-check.ts).
    resolver: lazySchemaResolver<Values>(async () => (await import('../../../domain/validation/accounts.ts')).resetPasswordFormSchema, tErrors, (values): Record<string, string> => {
      const common = commonPasswordError(values.password);
      // Shown on the password field itself (passwordError); this only stops the form going out.
      return common ? { password: tErrors(common) } : {};
    }),
  });
  const [password = '', confirm = ''] = useWatch({ control, name: ['password', 'confirm'] });
  const passwordCheck = usePasswordCheck(password);

  const submit = handleSubmit(async (values) => {
    const result = await apiRequest<Answer<typeof resetPassword>>('POST', '/api/auth/reset-password', { token, password: values.password }, store);
    if (result.ok) {
      toast.success(() => t('reset.success'), result.data.message);
      void navigate(home);
      return;
    }
    // A password the server refuses (too common) is shown where the user can fix it.
    if (result.error.fields?.password) setError('confirm', { type: 'server', message: result.error.fields.password });
    toast.error(() => t('toast.error'), () => result.error.message || t('reset.error'));
  });

  if (!token) return null;
  return (
    <div className="container-page flex max-w-md flex-col py-16">
      <h1 className="text-2xl font-extrabold tracking-tight">{t('reset.title')}</h1>
      <p className="mt-2 text-muted">{t('reset.text')}</p>
      <form noValidate onSubmit={submit} className="mt-8 space-y-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
        <FormField label={t('reset.newPassword')} revealable autoComplete="new-password" error={passwordError(passwordCheck, tErrors)} hint={<PasswordFeedback password={password} check={passwordCheck} />} {...register('password')} />
        <FormField label={t('reset.confirm')} revealable autoComplete="new-password" error={errors.confirm?.message} hint={<ConfirmFeedback password={password} confirm={confirm} />} {...register('confirm')} />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
    </div>
  );
}
