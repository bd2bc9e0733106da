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
  // The order follows itself live: a message, a payment, a draft, a status.
  useLiveRevalidation({ enabled: true, link: { orderNumber: loaderData.order.orderId, key: loaderData.key } });
  return (
    <div className="container-page max-w-3xl py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">{t('link.title')}</h1>
      <p className="mt-2 text-slate-600">{t('link.text')}</p>
      <ul className="mt-8"><OrderCard order={loaderData.order} canCancel={false} linkKey={loaderData.key} /></ul>
    </div>
  );
}
