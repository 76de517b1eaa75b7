/**
 * The main process's start and end, and its log. What it promises:
 *
 * - One life: starting, running, quitting, closed. A quit may come at any moment, also while the
 *   start is still opening the journal; it then waits for the start, so whatever the start opened
 *   is closed, and the start opens nothing more (app-life.ts).
 * - A clean shutdown exactly once, whatever asks for it (Cmd+Q, before-quit fired again, a second
 *   quit while the journal closes); a step that fails or hangs never keeps the app from quitting
 *   (shutdown.ts).
 * - SIGINT, SIGTERM and SIGHUP run that same shutdown, never a bare exit (signal-shutdown.ts).
 * - The log is `<userData>/logs/main.log`, owner-only, rotated at 1 MB; no secret reaches it, the
 *   live ones and those in the environment alike (app-log.ts, log-redaction.ts).
 *
 * No electron import in this folder: all of it is tested in plain Node.
 */
export { createAppLife, type AppLife, type AppPhase } from './app-life.ts';
export { createAppLog, type AppLog } from './app-log.ts';
export { createShutdown, type Shutdown, type ShutdownStep } from './shutdown.ts';
export { shutDownOnSignals, shutdownSignals, type ShutdownSignal } from './signal-shutdown.ts';
