/**
 * LIGHTHOUSE_TASKS=1 for `npm run bench:lighthouse`: after each run, the main-thread tasks that
 * added to its Total Blocking Time in Lighthouse's simulation, and what each was (docs/decisions/0055).
 *
 * Lighthouse's TBT is not read off the trace: its simulation ("Lantern") replays the page's tasks,
 * each four times as long (twice for one that lays out), on a simulated network. Only the part of
 * a task that falls after the simulated first contentful paint counts, and that paint is
 * simulated from a few tasks alone (the first parse, the first layout, the first paint and
 * render-blocking scripts). This wraps the simulation's TBT step, which Lighthouse runs in this
 * process, to list the counted tasks with their real length and their largest trace events.
 * Lantern's module is internal: when it is not where this looks, it says so and the bench goes on.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface TraceEvent { name: string; dur?: number }
interface CpuNode { type: string; startTime: number; duration: number; childEvents: TraceEvent[] }
interface Timing { startTime: number; endTime: number; duration: number }
interface Estimate { timeInMs: number }
interface Extras { optimistic: boolean; fcpResult: { optimisticEstimate: Estimate; pessimisticEstimate: Estimate }; interactiveResult: { optimisticEstimate: Estimate; pessimisticEstimate: Estimate } }
interface Simulation { nodeTimings: Map<CpuNode, Timing> }
interface TbtMetric { getEstimateFromSimulation(simulation: Simulation, extras: Extras): Estimate }

const LANTERN_TBT = 'node_modules/@paulirish/trace_engine/models/trace/lantern/metrics/TotalBlockingTime.js';

let lines: string[] = [];

/** Starts listing; returns false (after saying why) when Lantern's module is not found. */
export async function watchLanternTasks(): Promise<boolean> {
  try {
    const file = pathToFileURL(path.resolve(import.meta.dirname, '..', '..', LANTERN_TBT)).href;
    const { TotalBlockingTime } = (await import(file)) as { TotalBlockingTime: TbtMetric };
    const original = TotalBlockingTime.getEstimateFromSimulation.bind(TotalBlockingTime);
    TotalBlockingTime.getEstimateFromSimulation = (simulation, extras) => {
      const result = original(simulation, extras);
      // As Lantern does: the opposite estimate of the first paint, the same one of interactive.
      const fcp = (extras.optimistic ? extras.fcpResult.pessimisticEstimate : extras.fcpResult.optimisticEstimate).timeInMs;
      const tti = (extras.optimistic ? extras.interactiveResult.optimisticEstimate : extras.interactiveResult.pessimisticEstimate).timeInMs;
      const counted: string[] = [];
      for (const [node, timing] of simulation.nodeTimings) {
        const blocking = Math.min(timing.endTime, tti) - Math.max(timing.startTime, fcp) - 50;
        if (node.type !== 'cpu' || timing.duration < 50 || blocking <= 0) continue;
        const byName = new Map<string, number>();
        for (const event of node.childEvents) if (event.dur) byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur / 1000);
        const largest = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
        counted.push(`    +${Math.round(blocking)} ms: simulated ${Math.round(timing.startTime)}-${Math.round(timing.endTime)}, real ${(node.duration / 1000).toFixed(1)} ms (${largest})`);
      }
      lines.push(`  ${extras.optimistic ? 'optimistic' : 'pessimistic'}: TBT ${Math.round(result.timeInMs)} ms, first paint at ${Math.round(fcp)} ms${counted.length ? `\n${counted.join('\n')}` : ''}`);
      return result;
    };
    return true;
  } catch (error) {
    console.error(`LIGHTHOUSE_TASKS: Lantern's TBT module not found at ${LANTERN_TBT} (${(error as Error).message}); no task list`);
    return false;
  }
}

/** What the simulation counted since the last call (Lighthouse simulates each estimate twice: kept once). */
export function takeLanternTasks(): string {
  const unique = [...new Set(lines)];
  lines = [];
  return unique.join('\n');
}
