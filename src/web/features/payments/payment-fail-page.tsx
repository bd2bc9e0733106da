/**
 * /{country}/payment/fail (SPEC sections 2 and 8), where a provider sends a payment that did not go
 * through or that the payer cancelled: our reason for its code (default UNKNOWN_ERROR and SPEC's
 * default sentence), and the provider's own `message` under it, escaped and shortened. Its payer
 * (the signed-in owner, or whoever came through this order's payment: the `ref` in the address)
 * is shown the way back to the order, and a guest gets its private link, also by e-mail.
 */
import { useSearchParams } from 'react-router';
import type { Route } from './+types/payment-fail-page';
import { ORDER_NUMBER_PATTERN } from '../../../domain/orders.ts';
import { requestInfo } from '#request-context';
import { loaders } from '../../auth.server.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { PaymentFailed } from './payment-failed.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const orderNumber = query.get('orderId') ?? '';
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) return { kept: null };
  return { kept: await loaders(context).orders.kept(orderNumber, query.get('ref'), context.get(requestInfo).user) };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const cancelled = new URLSearchParams(location.search).get('code') === 'PAY_PROCESS_CANCELED';
  return pageMeta(matches, { path: '/payment/fail', noindex: true, text: (t) => ({ title: t(cancelled ? 'orders:payment.cancelTitle' : 'orders:payment.failTitle'), description: t('orders:payment.failDefault') }) });
};

export default function PaymentFailPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // Printable text only, and not a page of it: it is shown as the provider's words, never as ours.
  const providerMessage = (params.get('message') ?? '').replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim().slice(0, 200);
  return <PaymentFailed code={(params.get('code') ?? '').slice(0, 80)} providerMessage={providerMessage || undefined} kept={loaderData.kept} />;
}
