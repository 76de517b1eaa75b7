import { setFlagsFromString } from 'node:v8';

/**
 * Runs the core's V8 in its efficiency mode, the one Chrome's V8 falls into for a page in the
 * background: made, in V8's words, for work with no latency requirements, using fewer threads. The
 * garbage collector works on the main thread instead of on helper threads, Maglev compiles there
 * too, and TurboFan waits until a function has run 15,000 times. The core's deadlines are tens of
 * milliseconds (a GET on time, a click answered), and what it spent on helper threads was
 * overhead. At 1,000 concurrent purchases against the sandbox, the client bundled as the desktop
 * main process is used less CPU in 18 of 22 interleaved pairs of runs, over four sets whose
 * medians fell by 6-12% (3.36 s to 2.95 s in the largest, 8 pairs). At 10,000 its CPU was the same
 * (18.3 and 18.0 s against 18.9 and 17.5 s), its peak RSS about 250 MiB against 180 MiB, and its
 * event-loop delay p99 within its 20 ms goal. Either half alone, the collector's threads or the
 * tiering, gave no gain beyond this machine's noise.
 *
 * Set at run time for the reason heap-growth.ts gives: neither a packaged Electron app nor `node
 * bin/titledesk.mjs` can give the core V8 flags at its start. V8 asks whether the mode is on each
 * time it decides, so setting it after start takes effect. The flag is process-wide: in the
 * desktop app that is the main process alone, as each window's renderer is a process of its own.
 */
export function runInEfficiencyMode(): void {
  setFlagsFromString('--efficiency-mode');
}
