/**
 * The router's no-op updates reach no subscriber (src/web/router-no-op-updates.ts, decision 0056),
 * and what that rests on: React Router's route discovery (`patchRoutes`) updates its state without
 * changing a field, and the router still navigates to the routes it added.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, type DataRouter, type RouterState } from 'react-router';
import { dropNoOpUpdates } from '../../src/web/router-no-op-updates.ts';

function memoryRouter(): DataRouter {
  return createMemoryRouter([{ id: 'root', path: '/', children: [{ id: 'home', path: 'kr' }] }], { initialEntries: ['/kr'] });
}

/** Subscribes and records what reaches the subscriber. */
function record(router: DataRouter) {
  const seen: Array<{ state: RouterState; deletedFetchers: string[] }> = [];
  const unsubscribe = router.subscribe((state, opts) => void seen.push({ state, deletedFetchers: opts.deletedFetchers }));
  return { seen, unsubscribe };
}

const shopRoute = { id: 'shop', path: 'kr/templateshop' };

describe("React Router's route discovery", () => {
  it('updates the state without changing any field of it (what the wrapper drops)', () => {
    const router = memoryRouter();
    const { seen } = record(router);
    const before = router.state;
    router.patchRoutes('root', [shopRoute]);
    expect(seen).toHaveLength(1);
    const after = seen[0]!.state;
    expect(after).not.toBe(before);
    for (const key of Object.keys(after) as Array<keyof RouterState>) expect(after[key], key).toBe(before[key]);
  });
});

describe('dropNoOpUpdates', () => {
  it('hands on no update that changes nothing, and the added routes still serve navigation', async () => {
    const router = memoryRouter();
    dropNoOpUpdates(router);
    const { seen } = record(router);
    router.patchRoutes('root', [shopRoute]);
    expect(seen, 'discovery reached the subscriber').toHaveLength(0);
    await router.navigate('/kr/templateshop');
    expect(seen.length, 'the navigation reached the subscriber').toBeGreaterThan(0);
    expect(seen.at(-1)!.state.location.pathname).toBe('/kr/templateshop');
    expect(seen.at(-1)!.state.matches.map((match) => match.route.id)).toEqual(['root', 'shop']);
  });

  it('hands on an update made before the subscriber subscribed', () => {
    const router = memoryRouter();
    dropNoOpUpdates(router);
    // No subscriber yet: the router keeps this one for the first to come.
    router.patchRoutes('root', [shopRoute]);
    const { seen } = record(router);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.state).toBe(router.state);
  });

  it('hands on an update that removes a fetcher', () => {
    const router = memoryRouter();
    dropNoOpUpdates(router);
    const { seen } = record(router);
    // The router tells its subscribers which fetchers to forget with a new `fetchers` map.
    router.getFetcher('search');
    router.deleteFetcher('search');
    router.patchRoutes('root', [shopRoute]);
    expect(seen.map((update) => update.deletedFetchers)).toEqual([['search']]);
  });

  it('wraps a router once, and each subscriber keeps its own view of the state', async () => {
    const router = memoryRouter();
    dropNoOpUpdates(router);
    const wrapped = router.subscribe;
    dropNoOpUpdates(router);
    expect(router.subscribe).toBe(wrapped);
    const first = record(router);
    await router.navigate('/kr/templateshop');
    const second = record(router);
    router.patchRoutes('root', [{ id: 'terms', path: 'kr/terms' }]);
    await router.navigate('/kr');
    expect(first.seen.length).toBeGreaterThan(0);
    expect(second.seen.at(-1)!.state.location.pathname).toBe('/kr');
    expect(second.seen.every((update) => update.state.location.pathname === '/kr')).toBe(true);
  });
});
