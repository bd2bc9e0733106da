import { useForm } from 'react-hook-form';
import type { Answer } from '../../../domain/contract/http.ts';
import type { forgotPassword } from '../../../domain/contract/accounts.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { apiRequest } from '../../api-client.ts';
import { ArrowLeftIcon } from '../../components/back-icon.tsx';
import { toast } from '../../components/toast.tsx';
import { useStore } from '../../store-context.ts';
import { FormField } from './form-field.tsx';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';

type Values = { email: string };

export function ForgotForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('accounts');
  const { t: tErrors } = useTranslation('errors');
  const store = useStore();
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { email: '' },
    resolver: lazySchemaResolver<Values>(async () => (await import('../../../domain/validation/accounts.ts')).forgotPasswordSchema, tErrors),
  });
  const submit = handleSubmit(async (values) => {
    const result = await apiRequest<Answer<typeof forgotPassword>>('POST', '/api/auth/forgot-password', values, store);
    if (result.ok) {
      toast.success(() => t('toast.emailSent'), result.data.message);
      onBack();
      return;
    }
    toast.error(() => t('toast.error'), () => result.error.message || t('toast.resetRequestError'));
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <button type="button" onClick={onBack} className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-700 hover:text-ink">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('forgot.back')}
      </button>
      <h3 className="text-lg font-bold">{t('forgot.title')}</h3>
      <p className="text-sm text-muted">{t('forgot.text')}</p>
      <FormField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
      </button>
    </form>
  );
}
