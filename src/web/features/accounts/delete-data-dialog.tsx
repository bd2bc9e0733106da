/**
 * Deleting one's personal data (issue 36): the account from My Page (proved with the password, or
 * a fresh Google sign-in for an account without one), or one order from its private link page (the
 * order's e-mail address typed again). Says what goes and what the tax law keeps before anything is
 * sent; the server refuses while an order is under way, and says which. Loaded when opened.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Answer } from '../../../domain/contract/http.ts';
import type { eraseAccount, eraseOrder } from '../../../domain/contract/privacy.ts';
import type { PublicUser } from '../../../domain/user.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { apiRequest } from '../../api-client.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { Modal } from '../../components/modal.tsx';
import { toast } from '../../components/toast.tsx';
import { useRootData } from '../../store-context.ts';
import { FormField } from './form-field.tsx';
import { GoogleReauthButton } from './google-reauth.tsx';

export type DeleteTarget = { kind: 'account'; user: PublicUser } | { kind: 'order'; orderNumber: string; orderKey: string };

type Values = { currentPassword: string; email: string; confirm: boolean };

export default function DeleteDataDialog({ target, onClose }: { target: DeleteTarget; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const { t: tErrors } = useTranslation('errors');
  const store = useRootData();
  const account = target.kind === 'account';
  const needsPassword = account && target.user.hasPassword;
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { currentPassword: '', email: '', confirm: false },
    // The server's schema, and the password the server asks of an account that has one.
    resolver: lazySchemaResolver<Values>(
      async () => {
        const { eraseAccountSchema, eraseOrderSchema } = await import('../../../domain/validation/privacy.ts');
        return account ? eraseAccountSchema : eraseOrderSchema.omit({ orderKey: true });
      },
      tErrors,
      (values): Record<string, string> => (needsPassword && !values.currentPassword ? { currentPassword: tErrors('validation.currentPasswordRequired') } : {}),
    ),
  });

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    const result = account
      ? await apiRequest<Answer<typeof eraseAccount>>('POST', '/api/account/erase', { confirm: true, ...(needsPassword ? { currentPassword: values.currentPassword } : {}) }, store)
      : await apiRequest<Answer<typeof eraseOrder>>('POST', `/api/orders/${encodeURIComponent(target.orderNumber)}/erase`, { orderKey: target.orderKey, email: values.email, confirm: true }, store);
    if (result.ok) {
      toast.success(() => t('erase.done'), result.data.message);
      // A fresh page: signed out after an account's erasure, the order's details gone after a link's.
      window.location.assign(account ? `/${store.country}` : window.location.href);
      return;
    }
    let placed = false;
    for (const [field, message] of Object.entries(result.error.fields ?? {})) {
      if (field === 'currentPassword' || field === 'email' || field === 'confirm') {
        setError(field, { type: 'server', message });
        placed = true;
      }
    }
    if (result.error.code === 'CURRENT_PASSWORD_INVALID') {
      setError('currentPassword', { type: 'server', message: result.error.message });
      placed = true;
    }
    if (!placed) setRefusal(result.error.status === 0 ? t('toast.loginError') : result.error.message);
  });

  return (
    <Modal open onClose={onClose} labelledBy="delete-data-title" className="max-w-lg">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 p-6 pt-5" data-delete-data>
        <h2 id="delete-data-title" className="pr-12 text-xl font-bold">{account ? t('erase.accountTitle') : t('erase.orderTitle')}</h2>
        <div className="grid gap-2 text-sm text-slate-700">
          <p>{account ? t('erase.accountGoes') : t('erase.orderGoes')}</p>
          <p>{t('erase.kept')}</p>
          <p>{t('erase.blocked')}</p>
        </div>
        {account && !needsPassword && (
          <div className="grid gap-2">
            <p className="text-sm text-slate-600">{t('erase.googleOnly')}</p>
            <div><GoogleReauthButton country={store.country} /></div>
          </div>
        )}
        {account && (
          <>
            {/* Lets password managers fill in this account's password. */}
            <input type="email" name="username" autoComplete="username" value={target.user.email} readOnly hidden />
            {needsPassword && <FormField label={t('passwordChange.current')} revealable autoComplete="current-password" required error={errors.currentPassword?.message} {...register('currentPassword')} />}
          </>
        )}
        {!account && (
          <FormField label={t('erase.orderEmail')} type="email" autoComplete="email" inputMode="email" required hint={t('erase.orderEmailHint')} error={errors.email?.message} {...register('email')} />
        )}
        <div>
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-red-700" aria-invalid={errors.confirm ? true : undefined} {...register('confirm')} />
            <span>{account ? t('erase.confirmAccount') : t('erase.confirmOrder')}</span>
          </label>
          {errors.confirm?.message && <p role="alert" className="mt-1 text-sm text-red-700">{errors.confirm.message}</p>}
        </div>
        {refusal && <p role="alert" className="rounded-2xl bg-red-50 p-3 text-sm text-red-800" data-refusal>{refusal}</p>}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>{t('secondFactor.cancel')}</button>
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={isSubmitting}>
            {isSubmitting ? t('erase.deleting') : account ? t('erase.accountSubmit') : t('erase.orderSubmit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
