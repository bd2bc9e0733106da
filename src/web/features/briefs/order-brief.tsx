/**
 * An order's project brief in My Page and on a guest's private order page (D17, D22): what the
 * customer asked for and the files they sent, with previews and downloads; or, while the brief is
 * still to be written, the button that opens it.
 */
import { useTranslation } from '../../i18n/react.tsx';
import { BRIEF_OPTION_GROUPS, type BriefOptionGroup } from '../../../domain/briefs.ts';
import type { CustomerOrderView } from '../../../domain/contract/orders.ts';
import type { CountryCode } from '../../../domain/countries.ts';
import { formatMinor } from '../../../domain/money.ts';
import { awaitsQuote } from '../../../domain/quotes.ts';
import { FileList } from '../../components/file-list.tsx';
import { useRootData } from '../../store-context.ts';
import { useBriefDialog } from './use-brief-dialog.tsx';

export function OrderBrief({ order, linkKey }: { order: CustomerOrderView; linkKey?: string | undefined }) {
  const { t } = useTranslation('briefs');
  const { t: tCommon } = useTranslation();
  const { lang } = useRootData();
  const briefDialog = useBriefDialog();
  const { brief } = order;

  if (!brief) {
    if (!order.briefDue) return null;
    // The dialog's summary shows what was paid, as it does after payment.
    const price = awaitsQuote(order) ? null : formatMinor(order.amount, order.country as CountryCode);
    return (
      <div className="mt-4 rounded-xl border border-dashed border-brand-500/40 bg-brand-50/50 p-4 text-sm" data-brief-due>
        <p className="text-slate-800">{t('summary.due')}</p>
        <button
          type="button"
          className="btn-primary mt-3"
          data-write-brief={order.orderId}
          onClick={() => briefDialog.open({ flow: linkKey ? 'order-link' : 'my-page', orderId: order.orderId, orderKey: linkKey, serviceName: order.orderName, price })}
        >
          {t('summary.write')}
        </button>
        {briefDialog.dialog}
      </div>
    );
  }

  const choices = (group: BriefOptionGroup) => brief[group].map((key) => t(`options.${group}.${key}`)).join(', ');
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Seoul' }).format(new Date(brief.createdAt));
  return (
    // Open on a guest's private page, where it is the order's one brief to read (issue 33, item 31); folded in My Page's list.
    <details open={Boolean(linkKey)} className="mt-4 rounded-xl border border-slate-200 p-4 text-sm" data-brief={brief.id}>
      <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 font-semibold">
        <span>{t('summary.title')}</span>
        <span className="text-xs font-normal text-slate-600">
          {t('summary.submitted', { date })} · <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800" data-brief-status={brief.status}>{tCommon(`briefStatus.${brief.status}`)}</span>
        </span>
      </summary>
      <dl className="mt-3 grid gap-2">
        {BRIEF_OPTION_GROUPS.filter((group) => brief[group].length > 0).map((group) => (
          <div key={group} className="flex flex-wrap gap-x-2"><dt className="text-slate-600">{t(`groups.${group}`)}</dt><dd className="font-medium">{choices(group)}</dd></div>
        ))}
        {brief.additionalRequests && <div><dt className="text-slate-600">{t('requests.label')}</dt><dd className="mt-0.5 whitespace-pre-line">{brief.additionalRequests}</dd></div>}
        {brief.referenceNotes && <div><dt className="text-slate-600">{t('notes.label')}</dt><dd className="mt-0.5 whitespace-pre-line">{brief.referenceNotes}</dd></div>}
      </dl>
      <h4 className="mt-4 font-semibold">{t('summary.files')}</h4>
      {brief.uploadedFiles.length === 0 ? (
        <p className="mt-1 text-slate-600">{t('summary.noFiles')}</p>
      ) : (
        <FileList
          files={brief.uploadedFiles}
          twoColumns
          className="mt-2"
          downloadLabel={(name) => t('summary.download', { name })}
          rowData={(file) => ({ 'data-brief-file': file.name })}
        />
      )}
    </details>
  );
}
