/**
 * Browser entry. Hydration starts once the page has loaded (the hero image is in; lazy images do
 * not hold it up), so the first paint and the largest image are never queued behind React's
 * hydration work on a slow phone (docs/decisions/0007). Hydration itself runs in a transition,
 * so it yields to input.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if (document.readyState === 'complete') hydrate();
else window.addEventListener('load', hydrate, { once: true });
