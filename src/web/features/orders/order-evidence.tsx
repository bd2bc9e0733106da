/**
 * A Korean order's evidence for the buyer's books (issue 34), on My Page and the private order
 * page: a card payment's card slip; for a payment in cash, a 현금영수증 (to a mobile number or a
 * business number) or a 세금계산서 request, one of the two, each form checked as the server
 * checks it; and what came of it (the receipt's number, the invoice's approval number, or why not).
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { CustomerOrderView } from '../../../domain/contract/orders.ts';
import { formatMinor } from '../../../domain/money.ts';
import { apiRequest } from '../../api-client.ts';
import { lazySchemaResolver } from '../../components/lazy-schema-resolver.ts';
import { toast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useRootData } from '../../store-context.ts';
import { FormField } from '../accounts/form-field.tsx';

type Evidence = NonNullable<CustomerOrderView['evidence']>;
type Access = { orderKey?: string };

const schemas = () => import('../../../domain/validation/evidence.ts');

export function OrderEvidence({ orderId, evidence, linkKey }: { orderId: string; evidence: Evidence | null; linkKey?: string | undefined }) {
  const { t } = useTranslation('orders');
  const { t: tErrors } = useTranslation('errors');
  const { lang } = useRootData();
  const heading = useId();
  const [open, setOpen] = useState<'cash' | 'invoice' | null>(null);
  if (!evidence) return null;
  const access: Access = linkKey ? { orderKey: linkKey } : {};
  const { cashReceipt: cash, taxInvoice: invoice } = evidence;
  const until = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(evidence.taxInvoiceUntil));
  const mayAsk = evidence.cashReceiptRefusal === null || evidence.taxInvoiceRefusal === null;
  return (
    <section aria-labelledby={heading} className="mt-4 rounded-xl border border-slate-200 p-4 text-sm" data-order-evidence>
      <h3 id={heading} className="font-semibold">{t('evidence.heading')}</h3>
      {evidence.cardSlipUrl !== null || evidence.cashReceiptRefusal === 'cardPayment' ? (
        <p className="mt-1 text-slate-700">
          {t('evidence.cardSlip')}
          {evidence.cardSlipUrl && <> <a href={evidence.cardSlipUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-800 underline underline-offset-2">{t('evidence.cardSlipLink')}</a></>}
        </p>
      ) : (
        <>
          {cash && <CashReceiptState cash={cash} />}
          {invoice && (
            <p className="mt-1 text-slate-800" data-tax-invoice={invoice.status}>
              {invoice.status === 'issued' ? t('evidence.invoiceIssued', { number: invoice.number }) : t('evidence.invoiceRequested', { company: invoice.company, number: invoice.businessNumber })}
            </p>
          )}
          {mayAsk && !open && (
            <>
              <p className="mt-1 text-slate-700">{t('evidence.intro')} {evidence.taxInvoiceRefusal === null && t('evidence.invoiceUntil', { date: until })}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {evidence.cashReceiptRefusal === null && <button type="button" className="btn-secondary" onClick={() => setOpen('cash')} data-ask-cash-receipt>{t('evidence.askCash')}</button>}
                {evidence.taxInvoiceRefusal === null && <button type="button" className="btn-secondary" onClick={() => setOpen('invoice')} data-ask-tax-invoice>{t('evidence.askInvoice')}</button>}
              </div>
            </>
          )}
          {!mayAsk && evidence.taxInvoiceRefusal === 'pastDeadline' && !cash && <p className="mt-1 text-slate-700">{tErrors('orders.evidence.pastDeadline')}</p>}
          {open === 'cash' && <CashReceiptForm orderId={orderId} access={access} onDone={() => setOpen(null)} />}
          {open === 'invoice' && <TaxInvoiceForm orderId={orderId} access={access} onDone={() => setOpen(null)} />}
        </>
      )}
    </section>
  );
}

function CashReceiptState({ cash }: { cash: NonNullable<Evidence['cashReceipt']> }) {
  const { t } = useTranslation('orders');
  return (
    <div className="mt-1" data-cash-receipt={cash.status}>
      <p className={cash.status === 'refused' ? 'text-red-800' : 'text-slate-800'}>
        {cash.status === 'issued' ? t('evidence.cashIssued', { number: cash.number }) : cash.status === 'requested' ? t('evidence.cashRequested') : t('evidence.cashRefused', { reason: cash.failure ?? '' })}
      </p>
      {cash.status !== 'refused' && <p className="text-xs text-slate-600">{t('evidence.cashTo', { identity: cash.identity })}</p>}
      {cash.cancelled > 0 && <p className="text-xs text-slate-600" data-cash-receipt-cancelled>{t('evidence.cashCancelled', { amount: formatMinor(cash.cancelled, 'kr') })}</p>}
      {cash.receiptUrl && <a href={cash.receiptUrl} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-800 underline underline-offset-2">{t('evidence.viewCash')}</a>}
    </div>
  );
}

/** Sends a request; a refusal's fields go under their inputs, anything else in a toast. Answers whether it went. */
function useSend<V extends Record<string, unknown>>(orderId: string, path: string, access: Access, setError: (field: keyof V & string, message: string) => void) {
  const { t } = useTranslation('orders');
  const store = useRootData();
  const revalidator = useRevalidator();
  return async (values: V): Promise<boolean> => {
    const result = await apiRequest('POST', `/api/orders/${orderId}/${path}`, { ...values, ...access }, store);
    void revalidator.revalidate();
    if (result.ok) {
      toast.success(() => t('evidence.sent'));
      return true;
    }
    const fields = Object.entries(result.error.fields ?? {});
    for (const [field, message] of fields) setError(field as keyof V & string, message);
    // A refused cash receipt is kept with its reason, shown once the page reads the order again.
    if (!fields.length) toast.error(() => t('evidence.heading'), result.error.message);
    return result.error.code === 'CASH_RECEIPT_REFUSED';
  };
}

type CashValues = { purpose: 'income_deduction' | 'expense_proof'; identity: string };

function CashReceiptForm({ orderId, access, onDone }: { orderId: string; access: Access; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const { t: tCommon } = useTranslation('common');
  const { t: tErrors } = useTranslation('errors');
  const { register, handleSubmit, watch, setError, formState: { errors, isSubmitting } } = useForm<CashValues>({
    defaultValues: { purpose: 'income_deduction', identity: '' },
    resolver: lazySchemaResolver<CashValues>(async () => (await schemas()).cashReceiptSchema, tErrors),
  });
  const send = useSend<CashValues>(orderId, 'cash-receipt', access, (field, message) => setError(field, { message }));
  const business = watch('purpose') === 'expense_proof';
  return (
    <form noValidate className="mt-3 grid gap-3" onSubmit={handleSubmit(async (values) => { if (await send(values)) onDone(); })} data-cash-receipt-form>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold">{t('evidence.purpose')}</legend>
        {(['income_deduction', 'expense_proof'] as const).map((purpose) => (
          <label key={purpose} className="flex items-center gap-2"><input type="radio" value={purpose} className="size-4 accent-brand-700" {...register('purpose')} />{t(`evidence.purposes.${purpose}`)}</label>
        ))}
      </fieldset>
      <FormField
        label={business ? tCommon('tax.registrations.kr_business') : t('evidence.mobile')}
        hint={business ? t('business.taxIdHintKr') : t('evidence.mobileHint')}
        type={business ? 'text' : 'tel'} inputMode="numeric" autoComplete={business ? 'off' : 'tel'} required error={errors.identity?.message} {...register('identity')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>{t('evidence.submit')}</button>
        <button type="button" className="btn-secondary" onClick={onDone}>{t('business.cancel')}</button>
      </div>
    </form>
  );
}

type InvoiceValues = { businessNumber: string; company: string; representative: string; email: string };

function TaxInvoiceForm({ orderId, access, onDone }: { orderId: string; access: Access; onDone: () => void }) {
  const { t } = useTranslation('orders');
  const { t: tCommon } = useTranslation('common');
  const { t: tErrors } = useTranslation('errors');
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<InvoiceValues>({
    defaultValues: { businessNumber: '', company: '', representative: '', email: '' },
    resolver: lazySchemaResolver<InvoiceValues>(async () => (await schemas()).taxInvoiceRequestSchema, tErrors),
  });
  const send = useSend<InvoiceValues>(orderId, 'tax-invoice', access, (field, message) => setError(field, { message }));
  return (
    <form noValidate className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={handleSubmit(async (values) => { if (await send(values)) onDone(); })} data-tax-invoice-form>
      <FormField label={tCommon('tax.registrations.kr_business')} hint={t('business.taxIdHintKr')} inputMode="numeric" required error={errors.businessNumber?.message} {...register('businessNumber')} />
      <FormField label={t('business.company')} autoComplete="organization" required error={errors.company?.message} {...register('company')} />
      <FormField label={t('evidence.representative')} autoComplete="name" required error={errors.representative?.message} {...register('representative')} />
      <FormField label={t('evidence.invoiceEmail')} type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>{t('evidence.submit')}</button>
        <button type="button" className="btn-secondary" onClick={onDone}>{t('business.cancel')}</button>
      </div>
    </form>
  );
}
