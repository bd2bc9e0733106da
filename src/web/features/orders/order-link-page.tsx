/**
 * /{country}/orders/{orderId}?key=… : a guest's private page for one order (D22), reached from the
 * confirmation e-mail in any browser. The server checks the key; anything else is "not found".
 */
import { useTranslation } from '../../i18n/react.tsx';
import { data } from 'react-router';
import type { Route } from './+types/order-link-page';
import { loaders } from '../../auth.server.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { OrderCard } from './order-history.tsx';
import { DeleteData } from '../accounts/your-data.tsx';
import { useLiveRevalidation } from '../conversation/use-live-revalidation.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key') ?? '';
  const order = await loaders(context).orders.byLink(params.orderId, key);
  if (!order) throw data(null, { status: 404 });
  return { order, key };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/orders', noindex: true, text: (t) => ({ title: t('orders:link.title'), description: t('orders:link.text') }) });

export default function OrderLinkPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('orders');
  const { t: tAccounts } = useTranslation('accounts');
  // The order follows itself live: a message, a payment, a draft, a status.
  useLiveRevalidation({ enabled: true, link: { orderNumber: loaderData.order.orderId, key: loaderData.key } });
  return (
    <div className="container-page max-w-3xl py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">{t('link.title')}</h1>
      <p className="mt-2 text-slate-600">{t('link.text')}</p>
      {/* The card's own headings are h3s: this one keeps the outline in order for screen readers. */}
      <h2 className="sr-only">{tAccounts('profile.orders')}</h2>
      <ul className="mt-8"><OrderCard order={loaderData.order} canCancel={false} linkKey={loaderData.key} /></ul>
      <section aria-labelledby="order-data" className="mt-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm" data-your-data>
        <h2 id="order-data" className="text-lg font-bold">{t('yourData.title')}</h2>
        <p className="mt-2 text-sm text-slate-600">{t('yourData.text')}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <a href={`/api/orders/${loaderData.order.orderId}/data?key=${encodeURIComponent(loaderData.key)}`} download className="btn-secondary" data-download="json">{t('yourData.json')}</a>
          <a href={`/api/orders/${loaderData.order.orderId}/data.zip?key=${encodeURIComponent(loaderData.key)}`} download className="btn-secondary" data-download="zip">{t('yourData.zip')}</a>
        </div>
        {loaderData.order.erased
          ? <p className="mt-6 border-t border-slate-200 pt-6 text-sm text-slate-700" data-erased>{tAccounts('erase.orderErased')}</p>
          : <DeleteData target={{ kind: 'order', orderNumber: loaderData.order.orderId, orderKey: loaderData.key }} />}
      </section>
    </div>
  );
}
