/**
 * An order's business details for its papers (issue 34), on My Page and the private order page:
 * shown as given, and open to add or change while the order is not paid (the papers are made from
 * them when it is, and never change after). The form checks as the server does, the tax id by the
 * order's store, and keeps what was typed when the server refuses it.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { CustomerOrderView } from '../../../domain/contract/orders.ts';
import type { CountryCode } from '../../../domain/countries.ts';
import { businessOfFold, type BusinessFoldValues } from '../../../domain/tax/business-fold.ts';
import { apiRequest } from '../../api-client.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { toast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import { BusinessFields, taxIdWords } from '../checkout/business-fold.tsx';

/** Statuses in which the details may still change: the order is not paid (business.service.ts). */
const OPEN_STATUSES = new Set(['pending', 'quote_review', 'quoted']);

type Business = NonNullable<CustomerOrderView['business']>;

const foldOf = (business: Business | null): BusinessFoldValues => ({
  wantsBusiness: true,
  businessCompany: business?.company ?? '',
  businessTaxId: business?.taxId ?? '',
  businessAddress: business?.address ?? '',
  businessEmail: business?.email ?? '',
});

const schemaFor = (country: CountryCode) => async () => (await import('../../../domain/validation/orders.ts')).businessFoldSchema(country);

export function OrderBusiness({ order, linkKey }: { order: Pick<CustomerOrderView, 'orderId' | 'status' | 'business' | 'country' | 'paidAt'>; linkKey?: string | undefined }) {
  const { t } = useTranslation('orders');
  const { t: tCommon } = useTranslation('common');
  const { t: tErrors } = useTranslation('errors');
  const store = useRootData();
  const revalidator = useRevalidator();
  const heading = useId();
  const [editing, setEditing] = useState(false);
  const open = OPEN_STATUSES.has(order.status);
  const country = order.country as CountryCode;
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<BusinessFoldValues>({
    defaultValues: foldOf(order.business),
    resolver: lazySchemaResolver<BusinessFoldValues>(schemaFor(country), tErrors),
  });
  // After the payment the details show as the papers have them; an order cancelled unpaid has none to show.
  if (!open && (!order.business || !order.paidAt)) return null;

  const save = handleSubmit(async (values) => {
    const body = { ...businessOfFold(values), ...(linkKey ? { orderKey: linkKey } : {}) };
    const result = await apiRequest<{ business: Business }>('PUT', `/api/orders/${order.orderId}/business`, body, store);
    if (!result.ok) {
      const fields = result.error.fields ?? {};
      const named = { company: 'businessCompany', taxId: 'businessTaxId', address: 'businessAddress', email: 'businessEmail' } as const;
      let placed = false;
      for (const [field, name] of Object.entries(named)) {
        const message = fields[field];
        if (message) {
          setError(name, { message });
          placed = true;
        }
      }
      if (!placed) toast.error(() => t('business.heading'), result.error.message);
      return;
    }
    toast.success(() => t('business.saved'));
    reset(foldOf(result.data.business));
    setEditing(false);
    void revalidator.revalidate();
  });

  const taxIdLabel = tCommon(taxIdWords(country).label);
  return (
    <section aria-labelledby={heading} className="mt-4 rounded-xl border border-slate-200 p-4 text-sm" data-order-business>
      <h3 id={heading} className="font-semibold">{t('business.heading')}</h3>
      {!editing && (order.business ? (
        <dl className="mt-2 grid gap-1 text-slate-800">
          <div className="flex flex-wrap gap-x-2"><dt className="sr-only">{t('business.company')}</dt><dd className="font-medium [overflow-wrap:anywhere]">{order.business.company}</dd></div>
          <div className="flex flex-wrap gap-x-2"><dt className="text-slate-600">{taxIdLabel}</dt><dd>{order.business.taxId}</dd></div>
          {order.business.address && <div className="flex flex-wrap gap-x-2"><dt className="text-slate-600">{t('business.address')}</dt><dd className="[overflow-wrap:anywhere]">{order.business.address}</dd></div>}
          {order.business.email && <div className="flex flex-wrap gap-x-2"><dt className="text-slate-600">{t('business.email')}</dt><dd className="[overflow-wrap:anywhere]">{order.business.email}</dd></div>}
        </dl>
      ) : <p className="mt-1 text-slate-600">{t('business.none')}</p>)}
      {!open && <p className="mt-2 text-xs text-slate-600">{t('business.closed')}</p>}
      {open && !editing && (
        <button type="button" className="btn-secondary mt-3" onClick={() => setEditing(true)} data-edit-business>
          {t(order.business ? 'business.change' : 'business.add')}
        </button>
      )}
      {open && editing && (
        <form noValidate onSubmit={save} className="mt-3 grid gap-4">
          <BusinessFields register={register} errors={errors} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={isSubmitting}>{t('business.save')}</button>
            <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>{t('business.cancel')}</button>
          </div>
        </form>
      )}
    </section>
  );
}
