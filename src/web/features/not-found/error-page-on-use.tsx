/**
 * The 404 and error page, fetched when a page fails rather than with every page (issue 17: the
 * first load of the landing pages carried it for the few visitors who meet it). A server-rendered
 * error keeps its markup while the code arrives, and then hydrates.
 */
import { lazy, Suspense } from 'react';

const LazyErrorPage = lazy(async () => ({ default: (await import('./error-page.tsx')).ErrorPage }));

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage error={error} />
    </Suspense>
  );
}
