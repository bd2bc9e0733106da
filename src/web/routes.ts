import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { isQuoteOnly, SERVICES } from '../domain/catalog/services.ts';

export default [
  route(':country', 'features/store/store-layout.tsx', [
    index('features/home/home-page.tsx'),
    route('templateshop', 'features/templates/templateshop-page.tsx'),
    route('template/:id', 'features/templates/template-page.tsx'),
    route('terms', 'features/terms/terms-page.tsx'),
    route('profile', 'features/accounts/profile-page.tsx'),
    route('reset-password', 'features/accounts/reset-password-page.tsx'),
    route('admin', 'features/admin/admin-page.tsx'),
    // The old staff users page, now the staff page's users tab.
    route('admin/users', 'features/admin/admin-users-redirect.ts'),
    // Card checkouts of services 1-5, 7 and 9 (SPEC section 4); one page reads the number.
    ...SERVICES.filter((s) => s.hasCheckout).map((s) => route(`checkout${s.id}`, 'features/checkout/checkout-page.tsx', { id: `checkout-${s.id}` })),
    // Consultation pages of the quote-only services 6, 8 and 10-13.
    ...SERVICES.filter(isQuoteOnly).map((s) => route(`checkout${s.id}`, 'features/checkout/consultation-page.tsx', { id: `consultation-${s.id}` })),
    route('orders/:orderId', 'features/orders/order-link-page.tsx'),
    route('brief-test', 'features/briefs/brief-test-page.tsx'),
    route('order-confirmation/:id', 'features/checkout/order-confirmation-page.tsx'),
    route('payment/success/*', 'features/payments/payment-success-page.tsx'),
    route('payment/fail/*', 'features/payments/payment-fail-page.tsx'),
    route('payment/sandbox-paypal', 'features/payments/sandbox-paypal-page.tsx'),
    route('*', 'features/not-found/not-found-page.tsx'),
  ]),
] satisfies RouteConfig;
