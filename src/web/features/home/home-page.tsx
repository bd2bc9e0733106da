import type { ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/home-page';
import { pageMeta } from '../../seo/page-meta.ts';
import { Hero } from './hero.tsx';
import { pickHero } from './hero-variant.ts';
import { ServicesSection } from './services-section.tsx';
// Not a lazy chunk: as a boundary hydrated after the rest, the lower sections were thrown away
// and drawn again in the browser (the store's providers update as the page comes alive), twice
// the work on a phone. Their code was fetched before hydration anyway (decision 0026).
import BelowTheFold from './below-the-fold.tsx';

/** The hero's headline and first slide are drawn together on the server, so the first paint and hydration agree. */
export async function loader({ context }: Route.LoaderArgs) {
  return { hero: pickHero() };
}

/**
 * Staying on the page keeps the hero the visitor is looking at: moving within it (?package=…,
 * #contact), and the page's data loaded again after a sign-in (issue 33, item 32: the headline
 * changed under the visitor). The pick depends on nothing else.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '', text: (t) => ({ title: t('home:meta.title'), description: t('home:meta.description') }) });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero pick={loaderData.hero} />
      <ServicesSection />
      <BelowTheFold />
    </>
  );
}
