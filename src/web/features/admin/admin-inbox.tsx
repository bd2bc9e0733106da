/** The inbox tab: contact-form messages, newest first, in the language they were written in; staff mark them handled. */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { LANGUAGE_NAMES, type Language } from '../../../i18n/config.ts';
import type { StaffContactList } from '../../../domain/contract/admin.ts';
import { useRootData } from '../../store-context.ts';
import { EmailAddress } from '../accounts/email-address.tsx';
import { FilterPills } from './filter-pills.tsx';
import { Pagination } from './pagination.tsx';
import { useStaffAction } from './staff-action.ts';

type ContactList = StaffContactList;

export function AdminInbox({ list, handled, page, pageSize }: { list: ContactList; handled: 'true' | 'false' | null; page: number; pageSize: number }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { country, lang } = useRootData();
  const act = useStaffAction();
  const [busy, setBusy] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  const filters = [[null, t('inbox.all')], ['false', t('inbox.unhandled')], ['true', t('inbox.handledFilter')]] as const;
  return (
    <div className="grid grid-cols-1 gap-4">
      <FilterPills label={t('tabs.inbox')} options={filters.map(([value, label]) => ({ key: label, label, href: `/${country}/admin?tab=inbox${value ? `&handled=${value}` : ''}`, current: handled === value }))} />
      {list.contacts.length === 0 ? <p className="text-slate-600">{t('inbox.empty')}</p> : (
        <ul className="grid gap-3">
          {list.contacts.map((c) => (
            <li key={c.id} className={`rounded-2xl border p-4 text-sm ${c.handledAt ? 'border-slate-200 bg-slate-50' : 'border-brand-100 bg-white shadow-sm'}`} data-contact={c.email}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">{c.name}{c.company ? ` · ${c.company}` : ''}</p>
                  <p className="text-slate-600"><EmailAddress address={c.email} /></p>
                  <p className="text-xs text-slate-500">
                    {date.format(new Date(c.createdAt))} {t('kst')} · {tCommon('labelled', { label: t('inbox.language'), value: c.language && c.language in LANGUAGE_NAMES ? LANGUAGE_NAMES[c.language as Language] : '—' })}{c.country ? ` · ${tCommon(`country.${c.country}`)}` : ''} · {c.service}
                  </p>
                </div>
                <a href={`mailto:${c.email}`} className="btn-secondary">{t('inbox.reply')}</a>
              </div>
              <p className="mt-3 whitespace-pre-line break-words">{c.message}</p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                {c.handledAt && <span className="text-xs text-slate-600">{t('inbox.handledBy', { email: c.handledBy ?? '—', date: date.format(new Date(c.handledAt)) })}</span>}
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy === c.id}
                  onClick={async () => {
                    setBusy(c.id);
                    const handle = !c.handledAt;
                    await act({ method: 'PATCH', path: `/api/admin/contacts/${c.id}`, body: { handled: handle } }, { ok: () => t(handle ? 'toast.handled' : 'toast.unhandled'), failed: () => t('toast.error') });
                    setBusy(null);
                  }}
                >
                  {c.handledAt ? t('inbox.markUnhandled') : t('inbox.markHandled')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={list.total} />
    </div>
  );
}
