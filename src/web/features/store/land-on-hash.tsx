/**
 * Lands an address's #section on its section when the section comes late (see
 * `land-on-hash-watch.ts`). Most first visits have no #section, so the watch's code is fetched
 * only when there is one.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function LandOnHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || hash === '#') return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('./land-on-hash-watch.ts').then(({ watchHash }) => {
      if (!left) stop = watchHash(hash);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [hash, key]);
  return null;
}
