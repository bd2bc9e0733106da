/**
 * <title>, description, canonical, hreflang alternates and Open Graph tags of a page, in the
 * language the page is shown in (DESIGN D11) and for the store it belongs to.
 */
import { isRouteErrorResponse, type MetaDescriptor } from 'react-router';
import { alternatesFor, BRAND, hreflangOf } from '../../domain/site.ts';
import type { TFunction } from '../../i18n/translate.ts';
import { metaTranslator } from '../i18n/react.tsx';
import type { RootData } from '../store-context.ts';

interface MatchLike { id: string; loaderData?: unknown }

function rootDataFrom(matches: ReadonlyArray<MatchLike | undefined>): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}

interface PageMetaInput {
  /** Builds title and description with the page language's translator. */
  text: (t: TFunction) => { title: string; description: string };
  /** Path below the country prefix: '' for home, '/terms', ... */
  path: string;
  image?: string;
  /** Not-found and private pages are kept out of search results. */
  noindex?: boolean;
  /**
   * The page's loader error, when its boundary is shown: the page's own catalogs never arrived,
   * so the title says what the boundary says (sign-in needed, access denied) from the root's.
   */
  error?: unknown;
}

/** The boundary's title for a refused page, from the catalogs every page has (common, accounts). */
function refusalText(error: unknown, path: string, t: TFunction): { title: string; description: string } | null {
  if (!isRouteErrorResponse(error)) return null;
  // The staff pages ask for a staff login in their own words (StaffOnly).
  if (error.status === 401 && path.startsWith('/admin')) return { title: t('accounts:admin.loginRequired'), description: t('accounts:admin.loginRequiredText') };
  if (error.status === 401) return { title: t('accounts:profile.loginRequired'), description: t('accounts:profile.loginRequiredText') };
  if (error.status === 403) return { title: t('accounts:admin.accessDenied'), description: t('accounts:admin.accessDenied') };
  return null;
}

export function pageMeta(matches: ReadonlyArray<MatchLike | undefined>, input: PageMetaInput): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  if (!root) return [{ title: BRAND }];
  const t = metaTranslator(root.lang);
  const { title, description } = refusalText(input.error, input.path, t) ?? input.text(t);
  const fullTitle = title === BRAND ? title : `${title} | ${BRAND}`;
  const url = `${root.origin}/${root.country}${input.path}`;
  const image = `${root.origin}${input.image ?? '/artwork/og-image.jpg'}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: BRAND },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: hreflangOf(root.country).replace('-', '_') },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (input.noindex) return [...tags, { name: 'robots', content: 'noindex' }];
  return [
    ...tags,
    { tagName: 'link', rel: 'canonical', href: url },
    ...alternatesFor(root.origin, input.path).map((a) => ({ tagName: 'link', rel: 'alternate', hrefLang: a.hreflang, href: a.href })),
  ];
}
