/**
 * Staff list of users (SPEC section 2, /{country}/admin/users). Customers see SPEC's
 * 'access denied' with their e-mail; the server refuses them the data anyway (D5).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/admin-users-page';
import { displayName, type PublicUser } from '../../../domain/user.ts';
import { apiRequest } from '../../api-client.ts';
import { SpinnerIcon } from '../../components/icons.tsx';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';
import { LoginRequired } from './login-required.tsx';

type ListedUser = PublicUser & { createdAt: string };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/admin/users', noindex: true, text: (t) => ({ title: t('accounts:meta.adminUsers'), description: t('accounts:admin.usersTitle') }) });

function UserTable() {
  const { t } = useTranslation('accounts');
  const store = useRootData();
  const [users, setUsers] = useState<ListedUser[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void apiRequest<{ users: ListedUser[] }>('GET', '/api/admin/users', undefined, store).then((result) => {
      if (!live) return;
      if (result.ok) setUsers(result.data.users);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [store]);
  const date = new Intl.DateTimeFormat(store.lang, { dateStyle: 'medium' });

  if (failed) return <p role="alert" className="mt-6 text-red-700">{t('admin.loadFailed')}</p>;
  if (!users) return <SpinnerIcon className="mt-10 size-6 animate-spin text-slate-500" aria-hidden="true" />;
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">{t('admin.usersCount', { count: users.length })}</p>
      <div className="mt-6 overflow-x-auto rounded-2xl border border-slate-200">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {(['name', 'username', 'email', 'phone', 'role', 'joined'] as const).map((c) => (
                <th key={c} scope="col" className="px-4 py-3 font-semibold">{t(`admin.columns.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((u) => (
              <tr key={u.id}>
                <td className="px-4 py-3 font-medium">{displayName(u)}</td>
                <td className="px-4 py-3">{u.username}</td>
                <td className="px-4 py-3">{u.email}</td>
                <td className="px-4 py-3">{u.phone ?? '—'}</td>
                <td className="px-4 py-3">{t(`admin.roles.${u.role}`)}</td>
                <td className="px-4 py-3">{date.format(new Date(u.createdAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export default function AdminUsersPage() {
  const { t } = useTranslation('accounts');
  const { user } = useRootData();
  if (!user) return <LoginRequired />;
  if (user.role !== 'admin') {
    return (
      <section className="container-page flex min-h-[50vh] max-w-lg flex-col items-center justify-center py-20 text-center">
        <h1 className="text-2xl font-bold">{t('admin.accessDenied')}</h1>
        <p className="mt-3 text-muted">{t('admin.accessDeniedText', { email: user.email })}</p>
      </section>
    );
  }
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">{t('admin.usersTitle')}</h1>
      <UserTable />
    </div>
  );
}
