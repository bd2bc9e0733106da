/**
 * Counts the components React renders in each commit of a page, through the hook React DevTools
 * uses (`__REACT_DEVTOOLS_GLOBAL_HOOK__`, called by production builds too): a figure of the work a
 * page does as it comes alive that, unlike a task's milliseconds, does not change with the
 * machine's load (docs/decisions/0045). A component rendered in a commit carries React's
 * PerformedWork flag, as DevTools reads it (one without an alternate was mounted by it), and is not the very fiber the previous commit held: a
 * part React did not visit keeps its fibers, flags and all, from the commit that rendered it.
 *
 * Usage: `await page.addInitScript(countReactRenders)` before the page loads, then
 * `await page.evaluate(readReactRenders)`.
 */
export function countReactRenders(): void {
  const commits: RenderedInCommit[] = [];
  const FUNCTION = 0;
  const CLASS = 1;
  const FORWARD_REF = 11;
  const MEMO = 14;
  const SIMPLE_MEMO = 15;
  const PERFORMED_WORK = 1;
  interface Fiber { tag: number; flags: number; alternate: Fiber | null; child: Fiber | null; sibling: Fiber | null }
  interface RenderedInCommit { mounted: number; updated: number }
  let before = new WeakSet<Fiber>();
  const rendered = (root: Fiber): RenderedInCommit => {
    const count = { mounted: 0, updated: 0 };
    const now = new WeakSet<Fiber>();
    const stack: Fiber[] = [root];
    for (let fiber = stack.pop(); fiber; fiber = stack.pop()) {
      now.add(fiber);
      if ([FUNCTION, CLASS, FORWARD_REF, MEMO, SIMPLE_MEMO].includes(fiber.tag) && (fiber.flags & PERFORMED_WORK) !== 0 && !before.has(fiber)) {
        if (fiber.alternate) count.updated++;
        else count.mounted++;
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    before = now;
    return count;
  };
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    value: {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: unknown) {
        this.renderers.set(this.renderers.size + 1, renderer);
        return this.renderers.size;
      },
      onCommitFiberRoot(_id: number, root: { current: Fiber }) {
        commits.push(rendered(root.current));
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    },
  });
  Object.defineProperty(window, '__reactRenders', { value: commits });
}

/** Components rendered in a commit: mounted (new on the page) and updated (rendered again). */
export interface RenderedInCommit {
  mounted: number;
  updated: number;
}

/** Components rendered per commit, in order: the first is hydration's. */
export function readReactRenders(): RenderedInCommit[] {
  return [...((window as unknown as { __reactRenders?: RenderedInCommit[] }).__reactRenders ?? [])];
}
