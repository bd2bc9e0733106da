/**
 * Faults a fake provider can be told to make on its next matching calls, the ways real providers
 * fail (issue 32): a 500 before doing the work, a 500 after doing it, no answer at all (until the
 * fake stops), or a connection dropped before or after the work. Each fault is used up by the calls
 * it matches (`times`, one by default); calls that match none are answered as usual.
 */
export type FaultMode = '500' | '500-after' | 'hang' | 'drop' | 'drop-after' | '401';

export interface Fault {
  method?: 'GET' | 'POST';
  /** Matched against the request's path (without the query). */
  path: RegExp;
  mode: FaultMode;
  /** How many matching calls it spoils (default 1). */
  times?: number;
}

export function faultPlan() {
  const planned: Array<Fault & { left: number }> = [];
  return {
    inject(...faults: Fault[]) {
      for (const fault of faults) planned.push({ ...fault, left: fault.times ?? 1 });
    },
    /** Forgets every fault not yet used. */
    clear() {
      planned.length = 0;
    },
    /** The fault this call meets, if any (used up by it). */
    take(method: string, path: string): FaultMode | null {
      const fault = planned.find((f) => f.left > 0 && (!f.method || f.method === method) && f.path.test(path));
      if (!fault) return null;
      fault.left -= 1;
      return fault.mode;
    },
  };
}

export type FaultPlan = ReturnType<typeof faultPlan>;
