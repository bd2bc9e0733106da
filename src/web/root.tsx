import { useEffect } from 'react';
import {
  Links, Meta, Outlet, redirect, Scripts, useRouteLoaderData,
  type LinksFunction, type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { isCountryCode, isLanguage } from '../domain/countries.ts';
import { LANGUAGE_COOKIE } from '../i18n/config.ts';
import { requestInfo } from '#request-context';
import { useInlineText, useNonce } from './components/document-context.tsx';
import { Toaster } from './components/toast.tsx';
import { I18nProvider, MetaMessages } from './i18n/react.tsx';
import type { RootData } from './store-context.ts';
import { markHydrated } from './i18n/catalogs.ts';
import { ErrorPage } from './features/not-found/error-page-on-use.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { useNoOpRouterUpdatesDropped } from './router-no-op-updates.ts';

export async function loader({ request, params, context }: Route.LoaderArgs): Promise<RootData> {
  const url = new URL(request.url);
  // The language menu's links (?lang=xx) for a page whose script has not loaded yet.
  const chosen = url.searchParams.get('lang');
  if (isLanguage(chosen)) {
    url.searchParams.delete('lang');
    throw redirect(`${url.pathname}${url.search}`, {
      headers: { 'Set-Cookie': `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax` },
    });
  }
  // One resolver for the API and the pages (src/server/http/store.ts); the origin is PUBLIC_URL's (D24).
  const { user, googleSignIn, store, loaders } = context.get(requestInfo);
  const country = isCountryCode(params.country) ? params.country : store.country;
  return { country, lang: store.lang, origin: store.origin, user, googleSignIn, tax: await loaders.tax.words(country, store.lang) };
}

/**
 * The root's data changes with the store, or when something (the language menu, signing in)
 * asks for a revalidation explicitly.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (currentParams.country !== nextParams.country) return true;
  const explicit = !formMethod && currentUrl.href === nextUrl.href;
  return explicit ? defaultShouldRevalidate : false;
};

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const nonce = useNonce();
  const styles = useInlineText('styles');
  return (
    <html lang={data?.lang ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <MetaMessages>
          <Meta />
        </MetaMessages>
        {/* Inlined by the server: one render-blocking request less (docs/decisions/0007). */}
        <style dangerouslySetInnerHTML={{ __html: styles }} suppressHydrationWarning />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function WithI18n({ data, children }: { data: RootData; children: React.ReactNode }) {
  return <I18nProvider lang={data.lang}>{children}</I18nProvider>;
}

export default function App({ loaderData }: Route.ComponentProps) {
  useNoOpRouterUpdatesDropped();
  useEffect(() => {
    // Lets styles and browser tests tell a hydrated page from a server-rendered one.
    document.documentElement.dataset.hydrated = 'true';
    markHydrated();
  }, []);
  return (
    <WithI18n data={loaderData}>
      <Outlet />
      <Toaster />
    </WithI18n>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) return <ErrorPage error={error} />;
  return (
    <WithI18n data={data}>
      <ErrorPage error={error} />
    </WithI18n>
  );
}
