/**
 * What the figures ran on, and how busy it was. What it promises:
 *
 * - The machine (cores, memory) and its load average are kept with every run; a timing-sensitive
 *   measurement runs several times with the load before and after each, so a bad run can be told
 *   from a busy machine (machine.ts, repeat.ts).
 * - The machine's pace by five small fixed tasks (a JavaScript loop, its unevenness, a loopback
 *   round trip, an fdatasync, fresh memory), so a slow spell of a shared machine is told from a
 *   change in the code (machine-pace.ts).
 * - CPU over time: a process's whole and main-thread CPU and its wait for a CPU, sampled every
 *   50 ms; the whole machine's busy share and one kind of process's part in it (cpu-timeline.ts,
 *   machine-cpu.ts).
 * - Event-loop delay: how late a 10 ms timer fired, the interval itself taken off
 *   (event-loop-delay.ts).
 *
 * Measures only: nothing here starts the app or the sandbox.
 */
export { cpuSampleMs, cpuTimelineSchema, cpuWithin, recordCpuTimeline, type CpuSample, type CpuWithin } from './cpu-timeline.ts';
export { eventLoopDelayNote, eventLoopDelayOf, watchEventLoopDelay, type EventLoopDelay } from './event-loop-delay.ts';
export { currentLoad, machineInfo, type MachineInfo } from './machine.ts';
export { sampleMachineCpu, type MachineCpu } from './machine-cpu.ts';
export { describePace, machinePaceSchema, paceNote, paceProbes, probePace, sectionPaceNote, type MachinePace } from './machine-pace.ts';
export { repeatRuns, type LoadedRun } from './repeat.ts';
