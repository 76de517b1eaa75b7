import { setFlagsFromString } from 'node:v8';

/**
 * Keeps the core's V8 heap near what it holds. Left to itself, V8 on a machine with memory to
 * spare doubles the young generation up to 64 MiB semi-spaces and lets the old generation grow to
 * up to four times what survived the last full collection before it collects again. The core's
 * garbage is small and short-lived (one request's promises and buffers, a record replaced at each
 * answer), so that headroom cost resident memory and bought little CPU. Measured against the
 * sandbox, the client bundled as the desktop main process is, runs with and without alternating:
 * 1,000 concurrent purchases, peak RSS 178–213 MiB as V8 chooses and 125–128 MiB held, CPU
 * 4.17 s against 4.38 s on average over 4 pairs (this machine's spread: 3.6–5.1 s); 10,000,
 * 360–366 MiB against 171 MiB, CPU 22.3 s both, event-loop delay p99 26.2 ms against 22.5 ms.
 *
 * Both have to be set at run time: a packaged Electron app cannot give its own main process V8
 * flags (only `--js-flags` on the command line that starts it would), and the CLI is started as
 * `node bin/titledesk.mjs`. V8 reads both when it decides to grow (the new space at a scavenge,
 * the old generation's limit after each full collection), so setting them after start takes
 * effect, where a semi-space or heap maximum would not: those are fixed when the heap is made.
 * Node and Electron both leave V8's flags writable after start.
 *
 * V8's efficiency mode (`--efficiency-mode`: collection and Maglev compiles on the main thread,
 * TurboFan only after 15,000 calls, no on-stack replacement from Maglev) was measured here and not
 * chosen. At 1,000 purchases the client's CPU fell 6-12% (lower in 18 of 22 interleaved pairs), but
 * at 10,000 it was the same with peak RSS 245-255 MiB against 176-187 MiB, and work done in one
 * long loop never reached TurboFan's code: opening the 100,000-purchase journal with the full check
 * took 4.3 s against 3.5 s, and a tight arithmetic loop ran 1.4-2.9 times as long.
 */
export function limitHeapGrowth(): void {
  // The new space stays at its starting 1 MiB semi-spaces.
  setFlagsFromString('--semi-space-growth-factor=1');
  // After each full collection, the next comes once the old generation has grown by half.
  setFlagsFromString('--heap-growing-percent=50');
}
