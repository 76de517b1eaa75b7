import { setFlagsFromString } from 'node:v8';

/**
 * Keeps the core's V8 heap near what it holds. Left to itself, V8 on a machine with memory to
 * spare doubles the young generation up to 64 MiB semi-spaces and lets the old generation grow to
 * up to four times what survived the last full collection before it collects again. The core's
 * garbage is small and short-lived (one request's promises and buffers, a record replaced at each
 * answer), so that headroom cost resident memory and bought little CPU
 * (docs/decisions/006-v8-heap-limits.md).
 *
 * Both have to be set at run time: a packaged Electron app cannot give its own main process V8
 * flags (only `--js-flags` on the command line that starts it would), and the CLI is started as
 * `node bin/titledesk.mjs`. V8 reads both when it decides to grow (the new space at a scavenge,
 * the old generation's limit after each full collection), so setting them after start takes
 * effect, where a semi-space or heap maximum would not: those are fixed when the heap is made.
 * Node and Electron both leave V8's flags writable after start.
 *
 * V8's efficiency mode (`--efficiency-mode`) is not used: it saved CPU at a thousand purchases but
 * not at ten thousand, held more memory there, and slowed work done in one long loop
 * (docs/decisions/006-v8-heap-limits.md#not-chosen-efficiency-mode).
 */
export function limitHeapGrowth(): void {
  // The new space stays at its starting 1 MiB semi-spaces.
  setFlagsFromString('--semi-space-growth-factor=1');
  // After each full collection, the next comes once the old generation has grown by half.
  setFlagsFromString('--heap-growing-percent=50');
}
