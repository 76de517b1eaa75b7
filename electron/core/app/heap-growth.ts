import { setFlagsFromString } from 'node:v8';

/**
 * Keeps the core's V8 heap near what it holds. Left to itself, V8 on a machine with memory to
 * spare doubles the young generation up to 64 MiB semi-spaces and lets the old generation grow to
 * up to four times what survived the last full collection before it collects again. The core's
 * garbage is small and short-lived (one request's promises and buffers, a record replaced at each
 * answer), so that headroom bought no measurable CPU and cost resident memory. Measured with
 * 1,000 concurrent purchases against the sandbox (peak RSS, the client bundled as the desktop
 * main process is): 190 MiB as V8 chooses, 150–162 MiB with the young generation held, 123–132
 * MiB with the old generation's growth held too; CPU within the run-to-run noise (4.5–5.4 s).
 * At 10,000: 360–375 MiB before, 176 MiB after.
 *
 * Both have to be set at run time: Electron's main process takes no V8 command-line flags, and
 * the CLI is started as `node bin/titledesk.mjs`. V8 reads both when it decides to grow (the new
 * space at a scavenge, the old generation's limit after each full collection), so setting them
 * after start takes effect, where a semi-space or heap maximum would not: those are fixed when
 * the heap is made. Node and Electron both leave V8's flags writable after start.
 */
export function limitHeapGrowth(): void {
  // The new space stays at its starting 1 MiB semi-spaces.
  setFlagsFromString('--semi-space-growth-factor=1');
  // After each full collection, the next comes once the old generation has grown by half.
  setFlagsFromString('--heap-growing-percent=50');
}
