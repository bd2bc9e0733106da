/**
 * Hands the C heap's free pages back to the operating system: glibc's `malloc_trim(0)`, called
 * through koffi (a foreign-function library with prebuilt binaries, so nothing is compiled at
 * install; docs/decisions/0030).
 *
 * Why: glibc returns freed memory on its own only from the top of each heap. Page rendering frees
 * many buffers of 32-128 KB (brotli's and the stream's) below blocks still in use, and those holes
 * stayed with the process: +83-95 MB over 10,000 page views. `malloc_trim(0)` also releases the
 * whole free pages inside the heaps, so the store can keep such buffers in the heap (fast) and
 * still give their memory back once it is quiet (docs/decisions/0023).
 */

type Trim = () => void;

let loading: Promise<Trim | null> | undefined;

/** Where there is no glibc (macOS, Windows, musl), there is nothing to call and nothing is done. */
async function loadTrim(): Promise<Trim | null> {
  if (process.platform !== 'linux') return null;
  try {
    // Loaded on the first quiet moment, not at start: most of a process's life never needs it.
    const { default: koffi } = await import('koffi');
    const mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => void mallocTrim(0);
  } catch {
    return null;
  }
}

/** Gives the C heap's free pages back; resolves to false where that cannot be done. */
export async function trimNativeHeap(): Promise<boolean> {
  loading ??= loadTrim();
  const trim = await loading;
  if (!trim) return false;
  trim();
  return true;
}
