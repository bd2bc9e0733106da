/**
 * /{country}/payment/fail (SPEC sections 2 and 8), where Toss and the sandbox send a payment that
 * did not go through: the reason for its code (default UNKNOWN_ERROR and SPEC's default sentence).
 */
import { useSearchParams } from 'react-router';
import type { Route } from './+types/payment-fail-page';
import { routeMessages } from '../../i18n/messages.server.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { PaymentFailed } from './payment-failed.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  return { messages: routeMessages(context, ['orders']) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '/payment/fail', noindex: true, text: (t) => ({ title: t('orders:payment.failTitle'), description: t('orders:payment.failDefault') }) });

export default function PaymentFailPage() {
  const [params] = useSearchParams();
  return <PaymentFailed code={(params.get('code') ?? '').slice(0, 80)} />;
}
