/** The briefs tab (SPEC sections 2 and 4): each brief with its files, and buttons to in_review, approved or rejected (each disabled in its own status). */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { BRIEF_STATUSES, type BriefStatus } from '../../../domain/statuses.ts';
import type { StaffBriefList } from '../../../domain/contract/admin.ts';
import { useRootData } from '../../store-context.ts';
import { EmailAddress } from '../accounts/email-address.tsx';
import { FilterPills } from './filter-pills.tsx';
import { Pagination } from './pagination.tsx';
import { useStaffAction } from './staff-action.ts';
import { StaffBrief } from './staff-brief.tsx';

type BriefList = StaffBriefList;
const ACTIONS: BriefStatus[] = ['in_review', 'approved', 'rejected'];

export function AdminBriefs({ list, status, page, pageSize }: { list: BriefList; status: BriefStatus | null; page: number; pageSize: number }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const { country, lang } = useRootData();
  const act = useStaffAction();
  const [busy, setBusy] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' });
  return (
    <div className="grid grid-cols-1 gap-4">
      <FilterPills
        label={t('briefs.status')}
        options={[null, ...BRIEF_STATUSES].map((s) => ({ key: s ?? 'all', label: s ? tCommon(`briefStatus.${s}`) : t('briefs.all'), href: `/${country}/admin?tab=briefs${s ? `&status=${s}` : ''}`, current: status === s }))}
      />
      {list.briefs.length === 0 ? <p className="text-slate-600">{t('briefs.empty')}</p> : (
        <ul className="grid gap-4">
          {list.briefs.map((brief) => (
            <li key={brief.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm" data-admin-brief={brief.id}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold">{brief.serviceName}</p>
                  <p className="text-slate-600">{brief.customerName} · <EmailAddress address={brief.customerEmail} /> · {date.format(new Date(brief.createdAt))} {t('kst')}</p>
                  <p className="text-xs text-slate-500">{tCommon('labelOnly', { label: t('briefs.order') })}<span className="font-mono">{brief.orderId}</span> · {tCommon(`orderStatus.${brief.orderStatus}`)}</p>
                </div>
                <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold" data-brief-status={brief.status}>{tCommon(`briefStatus.${brief.status}`)}</span>
              </div>
              <StaffBrief brief={brief} />
              <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={t('briefs.setStatus')}>
                {ACTIONS.map((action) => (
                  <button
                    key={action}
                    type="button"
                    className="btn-secondary"
                    disabled={brief.status === action || busy === brief.id}
                    onClick={async () => {
                      setBusy(brief.id);
                      await act({ method: 'PATCH', path: `/api/project-briefs/${brief.id}/status`, body: { status: action } }, { ok: () => t('toast.briefUpdated'), failed: () => t('toast.briefFailed') });
                      setBusy(null);
                    }}
                  >
                    {tCommon(`briefStatus.${action}`)}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={list.total} />
    </div>
  );
}
