/**
 * The users tab (SPEC section 2): searchable and paged on the server; each user's orders a click
 * away. Administrators make an account staff or take the role away, and reset a colleague's lost
 * authenticator (issue 36), each after an inline confirmation (and a fresh check, if the server asks).
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Form, Link } from 'react-router';
import { displayName } from '../../../domain/user.ts';
import type { StaffUserList } from '../../../domain/contract/admin.ts';
import { useRootData } from '../../store-context.ts';
import { Pagination } from './pagination.tsx';
import { useStaffAction } from './staff-action.ts';

type UserList = StaffUserList;

export function AdminUsers({ list, q, page, pageSize }: { list: UserList; q: string; page: number; pageSize: number }) {
  const { t } = useTranslation('admin');
  const { t: tAccounts } = useTranslation('accounts');
  const { lang, country } = useRootData();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  return (
    <div className="grid grid-cols-1 gap-4">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tab" value="users" />
        <label className="min-w-0 flex-1 text-sm font-semibold">{t('users.search')}
          <input type="search" name="q" defaultValue={q} placeholder={t('users.searchPlaceholder')} className="mt-1 block min-h-11 w-full rounded-xl border border-slate-300 px-3 text-sm" />
        </label>
        <button type="submit" className="btn-primary">{t('orders.apply')}</button>
      </Form>
      <p className="text-sm text-slate-600">{t('users.total', { count: list.total })}</p>
      {list.users.length === 0 ? <p className="text-slate-600">{t('users.empty')}</p> : (
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[960px] text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {(['name', 'username', 'email', 'phone', 'role', 'joined'] as const).map((c) => <th key={c} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">{tAccounts(`admin.columns.${c}`)}</th>)}
                <th scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">{t('users.secondFactor')}</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">{t('users.orders')}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.users.map((u) => (
                <tr key={u.id} data-admin-user={u.email}>
                  <td className="whitespace-nowrap px-4 py-3 font-medium">{displayName(u)}</td>
                  <td className="px-4 py-3">{u.username}</td>
                  <td className="whitespace-nowrap px-4 py-3">{u.email}</td>
                  <td className="whitespace-nowrap px-4 py-3">{u.phone ?? '—'}</td>
                  <td className="px-4 py-3"><span className="whitespace-nowrap">{tAccounts(`admin.roles.${u.role}`)}</span><StaffControls user={u} /></td>
                  <td className="whitespace-nowrap px-4 py-3">{date.format(new Date(u.createdAt))}</td>
                  <td className="whitespace-nowrap px-4 py-3" data-user-second-factor={u.secondFactor ? 'on' : 'off'}>{u.role === 'admin' ? t(u.secondFactor ? 'users.on' : 'users.off') : '—'}</td>
                  <td className="whitespace-nowrap px-4 py-3"><Link to={`/${country}/admin?tab=orders&userId=${u.id}`} className="font-medium text-brand-800 underline underline-offset-2">{t('users.orders')}</Link></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageSize={pageSize} total={list.total} />
    </div>
  );
}

type Change = 'makeAdmin' | 'makeCustomer' | 'reset';

/** A row's changes of who is staff, each confirmed inline first. */
function StaffControls({ user }: { user: UserList['users'][number] }) {
  const { t } = useTranslation('admin');
  const act = useStaffAction();
  const [asking, setAsking] = useState<Change | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (change: Change) => {
    setBusy(true);
    if (change === 'reset') {
      await act({ method: 'DELETE', path: `/api/admin/users/${user.id}/second-factor`, body: undefined }, { ok: () => t('toast.secondFactorReset'), failed: () => t('toast.error') });
    } else {
      await act({ method: 'PATCH', path: `/api/admin/users/${user.id}/role`, body: { role: change === 'makeAdmin' ? 'admin' : 'customer' } }, { ok: () => t('toast.roleChanged'), failed: () => t('toast.error') });
    }
    setBusy(false);
    setAsking(null);
  };
  if (asking) {
    const question = { makeAdmin: 'users.confirmMakeAdmin', makeCustomer: 'users.confirmMakeCustomer', reset: 'users.confirmReset' }[asking];
    return (
      <div className="mt-2 grid w-64 gap-2" role="group" aria-label={t(`users.${asking}`)}>
        <p className="text-xs text-slate-700">{t(question, { email: user.email })}</p>
        <div className="flex gap-2">
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void run(asking)}>{t('users.confirm')}</button>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => setAsking(null)}>{t('users.cancel')}</button>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-2 flex flex-col items-start gap-2">
      <button type="button" className="btn-secondary" onClick={() => setAsking(user.role === 'admin' ? 'makeCustomer' : 'makeAdmin')}>{t(user.role === 'admin' ? 'users.makeCustomer' : 'users.makeAdmin')}</button>
      {user.secondFactor && <button type="button" className="btn-secondary" onClick={() => setAsking('reset')}>{t('users.reset')}</button>}
    </div>
  );
}
