/**
 * My Page (SPEC section 2): member information with an edit mode (cancel reloads the profile
 * from the server), saved through PUT /api/auth/profile with SPEC's toasts. A new e-mail asks for
 * the current password. The loader renders the page, or its 'login required' (401), on the server.
 * Order history joins this page with the ordering issue.
 */
import type { Answer } from '../../../domain/contract/http.ts';
import type { profile, updateProfile } from '../../../domain/contract/accounts.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/react.tsx';
import { isRouteErrorResponse, useRevalidator } from 'react-router';
import type { Route } from './+types/profile-page';
import type { PublicUser } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { toast } from '../../components/toast.tsx';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';
import { EmailAddress } from './email-address.tsx';
import { familyFirst, FormField } from './form-field.tsx';
import { LoginRequired } from './login-required.tsx';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { requireUser, loaders } from '../../auth.server.ts';
import { OrderHistory } from '../orders/order-history.tsx';
import { useLiveRevalidation } from '../conversation/use-live-revalidation.ts';
import { ChangePassword } from './change-password.tsx';
import { YourData } from './your-data.tsx';
import { GoogleReauthButton, saveProfileDraft, takeProfileDraft } from './google-reauth.tsx';


// Staff only (issue 36): customers' My Page never loads it.
const SecondFactorCard = lazy(() => import('./second-factor-card.tsx'));

type Values = { email: string; username: string; firstName: string; lastName: string; phone: string; currentPassword: string };

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return { user, orders: await loaders(context).orders.listForUser(user.id) };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(matches, { error, path: '/profile', noindex: true, text: (t) => ({ title: t('accounts:meta.profile'), description: t('accounts:profile.memberInfo') }) });

const toValues = (user: PublicUser): Values => ({
  email: user.email, username: user.username, firstName: user.firstName ?? '', lastName: user.lastName ?? '', phone: user.phone ?? '', currentPassword: '',
});

function MemberInfo({ user }: { user: PublicUser }) {
  const { t } = useTranslation('accounts');
  const { t: tErrors } = useTranslation('errors');
  const store = useRootData();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const { register, handleSubmit, reset, setError, control, getValues, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: toValues(user),
    resolver: lazySchemaResolver<Values>(async () => (await import('../../../domain/validation/accounts.ts')).profileSchema, tErrors),
  });

  const email = useWatch({ control, name: 'email' }) ?? user.email;

  // Back from a fresh Google sign-in: the form opens again with what was typed before leaving.
  useEffect(() => {
    const draft = takeProfileDraft();
    if (!draft) return;
    reset({ ...toValues(user), ...draft, currentPassword: '' });
    setEditing(true);
  }, [reset, user]);
  const emailChanging = email.trim().toLowerCase() !== user.email.toLowerCase();

  async function cancel() {
    // SPEC: cancel reloads the profile, so the form shows what is stored now.
    const result = await apiRequest<Answer<typeof profile>>('GET', '/api/auth/profile', undefined, store);
    reset(result.ok ? toValues(result.data.user) : toValues(user));
    setEditing(false);
  }

  const save = handleSubmit(async (values) => {
    const result = await apiRequest<Answer<typeof updateProfile>>('PUT', '/api/auth/profile', values, store);
    if (result.ok) {
      toast.success(() => t('profile.updated'), result.data.message);
      reset(toValues(result.data.user));
      setEditing(false);
      void revalidator.revalidate();
      return;
    }
    for (const [field, message] of Object.entries(result.error.fields ?? {})) {
      if (field in values) setError(field as keyof Values, { type: 'server', message });
    }
    if (result.error.code === 'EMAIL_TAKEN') setError('email', { type: 'server', message: result.error.message });
    if (result.error.code === 'USERNAME_TAKEN') setError('username', { type: 'server', message: result.error.message });
    if (result.error.code === 'RECENT_SIGN_IN_REQUIRED') setError('email', { type: 'server', message: result.error.message });
    if (result.error.status === 0) toast.error(() => t('profile.error'), () => t('toast.loginError'));
    else toast.error(() => t('profile.updateFailed'), result.error.message);
  });

  const rows: Array<[keyof PublicUser & keyof Values, string]> = [
    ['email', t('fields.email')], ['username', t('fields.username')], ['lastName', t('fields.lastName')], ['firstName', t('fields.firstName')], ['phone', t('fields.phone')],
  ];

  return (
    <section aria-labelledby="member-info" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex items-center justify-between gap-3">
        <h2 id="member-info" className="text-lg font-bold">{t('profile.memberInfo')}</h2>
        {!editing && <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>{t('profile.edit')}</button>}
      </div>
      {editing ? (
        <form noValidate onSubmit={save} className="mt-6 grid gap-4 sm:grid-cols-2">
          <FormField className="sm:col-span-2" label={t('fields.email')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
          {emailChanging && (user.hasPassword ? (
            <FormField className="sm:col-span-2" label={t('profile.currentPassword')} revealable autoComplete="current-password" required error={errors.currentPassword?.message} hint={<p>{t('profile.currentPasswordHint')}</p>} {...register('currentPassword')} />
          ) : (
            <div className="grid gap-3 sm:col-span-2">
              <p className="text-sm text-slate-600">{t('profile.googleReauth')}</p>
              <div><GoogleReauthButton country={store.country} onLeave={() => saveProfileDraft(getValues())} /></div>
            </div>
          ))}
          <FormField className="sm:col-span-2" label={t('fields.username')} autoComplete="username" required error={errors.username?.message} {...register('username')} />
          {familyFirst(store.lang, [
            <FormField key="last" label={t('fields.lastName')} autoComplete="family-name" required error={errors.lastName?.message} {...register('lastName')} />,
            <FormField key="first" label={t('fields.firstName')} autoComplete="given-name" required error={errors.firstName?.message} {...register('firstName')} />,
          ])}
          <FormField className="sm:col-span-2" label={t('fields.phone')} type="tel" autoComplete="tel" optional error={errors.phone?.message} {...register('phone')} />
          <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
            <button type="button" className="btn-secondary" onClick={() => void cancel()} disabled={isSubmitting}>{t('profile.cancel')}</button>
            <button type="submit" className="btn-primary" disabled={isSubmitting}>{isSubmitting ? t('profile.saving') : t('profile.save')}</button>
          </div>
        </form>
      ) : (
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          {rows.map(([field, label]) => (
            <div key={field} className={`min-w-0 ${field === 'email' || field === 'username' ? 'sm:col-span-2' : ''}`}>
              <dt className="text-sm text-slate-600">{label}</dt>
              {/* A long e-mail address breaks before its @ or a dot, and a username only if longer than the line, rather than widening a 320 px page. */}
              <dd className="mt-0.5 font-medium break-words" data-field={field}>{field === 'email' ? <EmailAddress address={user.email} /> : user[field] || <span className="text-slate-500">{t('profile.notSet')}</span>}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('accounts');
  const { user } = loaderData;
  // The order cards follow their orders live: a message, a payment, a draft, a status.
  useLiveRevalidation({ enabled: loaderData.orders.length > 0 });
  return (
    <div className="container-page max-w-3xl py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">{t('profile.title')}</h1>
      <div className="mt-8 grid gap-8">
        <MemberInfo key={`${user.id}:${user.email}`} user={user} />
        <OrderHistory orders={loaderData.orders} />
        <ChangePassword user={user} />
        <YourData user={user} />
        {user.role === 'admin' && <Suspense fallback={null}><SecondFactorCard user={user} /></Suspense>}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 401) return <LoginRequired />;
  throw error;
}
