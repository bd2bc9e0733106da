/**
 * A server process's resident memory as the kernel counts it (/proc/<pid>/status), for benches
 * that bound how much a server grows while it works (uploads, papers): its RSS now, and its peak
 * while some work runs, sampled every 20 ms and, where the kernel allows resetting it
 * (clear_refs), its own high-water mark (VmHWM), so a spike between two samples cannot hide.
 */
import fs from 'node:fs';

const SAMPLE_MS = 20;

export function processMemory(pid: number) {
  const status = () => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (text: string, key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  const rss = () => field(status(), 'VmRSS');

  /** Resets the kernel's peak-RSS mark of the server; false where the kernel does not allow it. */
  function resetPeak(): boolean {
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      return true;
    } catch {
      return false;
    }
  }

  /** Samples the server's RSS while `work` runs; the sampled and the kernel's peak. */
  async function peakDuring<T>(work: () => Promise<T>): Promise<{ result: T; peak: number; kernelPeak: number | null; samples: number }> {
    const kernel = resetPeak();
    let peak = rss();
    let samples = 1;
    const timer = setInterval(() => {
      peak = Math.max(peak, rss());
      samples++;
    }, SAMPLE_MS);
    try {
      const result = await work();
      peak = Math.max(peak, rss());
      return { result, peak, kernelPeak: kernel ? field(status(), 'VmHWM') : null, samples };
    } finally {
      clearInterval(timer);
    }
  }

  return { rss, peakDuring };
}
