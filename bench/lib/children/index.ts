/**
 * The processes the bench starts. What it promises:
 *
 * - Every client under test, and the sandbox, runs in a process of its own, so its CPU time and
 *   peak RSS are its own; a child speaks one JSON line at a time on stdout and is stopped with
 *   SIGTERM, then waited for (child.ts).
 * - A client worker runs bundled the way the desktop app's main process is (the same stand-ins,
 *   minified, one file), built once per bench run, never TypeScript stripped at load
 *   (worker-build.ts).
 * - The sandbox process gives its request log, each purchase's timing and its CPU timeline, so a
 *   client is judged from the sandbox's side (sandbox-process.ts).
 */
export { benchDir, projectRoot, runWorker, startChild, type BenchChild } from './child.ts';
export { startSandboxProcess, type SandboxLog, type SandboxProcess, type SandboxProcessOptions } from './sandbox-process.ts';
export { bundledWorker, removeWorkerBuilds } from './worker-build.ts';
