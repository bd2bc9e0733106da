/**
 * React Router tells its subscribers of every state update, also of one that changes nothing it
 * holds. Route discovery makes one on every first load: after hydration the router fetches the
 * routes the page links to and, on adding them, updates its state with no field changed
 * (`patchRoutes` → `updateState({})`). `<RouterProvider>` takes the new object as new state and
 * renders every route again: 168 of /kr's 177 components, 76 of the checkout's 85, nothing on the
 * screen changing (issue 37, docs/decisions/0056).
 *
 * Here the router's `subscribe` hands on only updates that change a field of its state (one that
 * removes a fetcher or brings errors changes `fetchers` or `errors`). Discovered routes still serve
 * the next navigation: the router matches against its own routes, not against what
 * `<RouterProvider>` last rendered.
 * `tests/unit/router-no-op-updates.test.ts` pins the update React Router makes on discovery.
 */
import { useContext, useLayoutEffect } from 'react';
import { UNSAFE_DataRouterContext, type DataRouter, type RouterState } from 'react-router';

const quieted = new WeakSet<DataRouter>();

/** Wraps the router's `subscribe` so no-op updates reach no one; idempotent. */
export function dropNoOpUpdates(router: DataRouter): void {
  if (quieted.has(router)) return;
  quieted.add(router);
  const subscribe = router.subscribe.bind(router);
  router.subscribe = (listener) => {
    // A subscriber renders the router's state; an update made before anyone subscribed is handed
    // to it while it subscribes, and passes.
    let seen = router.state;
    let subscribing = true;
    const unsubscribe = subscribe((state, opts) => {
      const same = !subscribing && (Object.keys(state) as Array<keyof RouterState>).every((key) => state[key] === seen[key]);
      seen = state;
      if (!same) listener(state, opts);
    });
    subscribing = false;
    return unsubscribe;
  };
}

/**
 * For the root route's component: its layout effect runs before `<RouterProvider>`'s (a child's
 * before its parents'), which subscribes in its own.
 */
export function useNoOpRouterUpdatesDropped(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useLayoutEffect(() => {
    if (router) dropNoOpUpdates(router);
  }, [router]);
}
