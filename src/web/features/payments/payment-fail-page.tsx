/**
 * /{country}/payment/fail (SPEC sections 2 and 8): the code (default UNKNOWN_ERROR) and the reason
 * (default: an error occurred during payment), with ways back. The order stays payable.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/payment-fail-page';
import { routeMessages } from '../../i18n/messages.server.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { useRootData } from '../../store-context.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { messages: routeMessages(context, ['orders']) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/payment/fail', noindex: true, text: (t) => ({ title: t('orders:payment.failTitle'), description: t('orders:payment.failDefault') }) });

export default function PaymentFailPage() {
  const { t } = useTranslation('orders');
  const { country } = useRootData();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').slice(0, 80) || 'UNKNOWN_ERROR';
  const message = (params.get('message') ?? '').slice(0, 300) || t('payment.failDefault');
  return (
    <section className="container-page flex max-w-xl flex-col items-center py-16 text-center sm:py-20">
      <span className="grid size-14 place-items-center rounded-full bg-red-50 text-2xl font-bold text-red-700" aria-hidden="true">!</span>
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{t('payment.failTitle')}</h1>
      <p className="mt-3 text-slate-800" data-fail-message>{message}</p>
      <p className="mt-2 font-mono text-xs text-slate-500" data-fail-code>{t('payment.code', { code })}</p>
      <p className="mt-6 text-sm text-slate-700">{t('payment.failNext')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.history.length > 2 ? window.history.go(-2) : window.location.assign(`/${country}`)}>{t('payment.retry')}</button>
        <Link to={`/${country}`} className="btn-secondary">{t('payment.home')}</Link>
      </div>
    </section>
  );
}
