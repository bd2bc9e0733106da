import { lazy, Suspense } from 'react';
import type { ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/home-page';
import { pageMeta } from '../../seo/page-meta.ts';
import { Hero } from './hero.tsx';
import { pickHero } from './hero-variant.ts';
import { ServicesSection } from './services-section.tsx';

/**
 * Sections below the fold are separate chunks: the server renders them in full, and the browser
 * hydrates them once their code arrives, after the first paint instead of before it.
 */
const BelowTheFold = lazy(() => import('./below-the-fold.tsx'));

/** The hero's headline and first slide are drawn together on the server, so the first paint and hydration agree. */
export async function loader({ context }: Route.LoaderArgs) {
  return { hero: pickHero() };
}

/** Moving within the page (?package=…, #contact) keeps the hero the visitor is looking at. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.href !== nextUrl.href ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: '', text: (t) => ({ title: t('home:meta.title'), description: t('home:meta.description') }) });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero pick={loaderData.hero} />
      <ServicesSection />
      <Suspense>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
