/**
 * Staff list of users (SPEC section 2, /{country}/admin/users). The loader checks the role first,
 * so the list, or the 'login required' (401) and 'access denied' (403) pages, come rendered from
 * the server with their status; the API refuses customers the data as well (D5).
 */
import { useTranslation } from '../../i18n/react.tsx';
import type { Route } from './+types/admin-users-page';
import { displayName } from '../../../domain/user.ts';
import { requireUserWithRole, services } from '../../auth.server.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';
import { StaffOnly } from '../admin/staff-only.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  requireUserWithRole(context, 'admin');
  return { users: await services(context).accounts.listUsers() };
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(matches, { error, path: '/admin/users', noindex: true, text: (t) => ({ title: t('accounts:meta.adminUsers'), description: t('accounts:admin.usersTitle') }) });

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('accounts');
  const { lang } = useRootData();
  const { users } = loaderData;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">{t('admin.usersTitle')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('admin.usersCount', { count: users.length })}</p>
      <div className="relative mt-6 overflow-x-auto rounded-2xl border border-slate-200">
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
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffOnly error={error} />;
}
