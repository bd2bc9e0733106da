import { data, Outlet } from 'react-router';
import { AuthProvider } from '../accounts/auth-provider.tsx';
import { AuthReturn } from '../accounts/auth-return.tsx';
import { CartProvider } from '../cart/cart-provider.tsx';
import type { Route } from './+types/store-layout';
import { isCountryCode } from '../../../domain/countries.ts';
import { pageMeta } from '../../seo/page-meta.ts';
import { ErrorPage } from '../not-found/error-page-on-use.tsx';
import { Footer } from './footer.tsx';
import { LandOnHash } from './land-on-hash.tsx';
import { TopBar } from './top-bar.tsx';
import { SkipLink } from './skip-link.tsx';

export async function loader({ params }: Route.LoaderArgs) {
  if (!isCountryCode(params.country)) throw data(null, { status: 404 });
  return null;
}

/** Only used when a page below failed: the 404 or error title, kept out of search results. */
export const meta: Route.MetaFunction = ({ matches, error }) =>
  error
    ? pageMeta(matches, { path: '', noindex: true, text: (t) => ({ title: t('notFound.title'), description: t('notFound.description') }) })
    : [];

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <AuthProvider>
      <CartProvider>
        <SkipLink />
        <TopBar />
        <main id="main" className="min-h-[60vh] pt-16">{children}</main>
        <Footer />
        <AuthReturn />
        <LandOnHash />
      </CartProvider>
    </AuthProvider>
  );
}

export default function StoreLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorPage error={error} />
    </Shell>
  );
}
