/**
 * SIGINT, SIGTERM and SIGHUP (a logout, `kill`, a service manager stopping the app) must run the
 * same clean shutdown as a quit from the menu: stop the poller, close the journal, release the
 * data folder. conf (through atomically) loads when-exit, which on a signal runs its own cleanup
 * and re-raises the signal with process.once: with no listener of ours left, that second signal
 * kills the process before before-quit runs. Our listeners stay installed, so the re-raised signal
 * lands here too and is ignored while the shutdown runs. No electron import: tested in plain Node.
 */
export type ShutdownSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

export const shutdownSignals: readonly ShutdownSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

interface SignalSource {
  on(signal: ShutdownSignal, listener: () => void): unknown;
  off(signal: ShutdownSignal, listener: () => void): unknown;
}

export function shutDownOnSignals(options: {
  source: SignalSource;
  /** The clean shutdown; must not reject. */
  shutdown: () => Promise<void>;
  /** Ends the process once the shutdown is done (Electron: app.exit). */
  exit: (code: number) => void;
  log: (message: string) => void;
}): () => void {
  let received: ShutdownSignal | undefined;
  const listeners = shutdownSignals.map((signal) => {
    const listener = (): void => {
      if (received !== undefined) return;
      received = signal;
      options.log(`${signal} received: closing the journal before exiting.`);
      void options.shutdown().then(() => {
        // 128 + signal number is how a shell reports a process ended by a signal.
        options.exit(128 + signalNumbers[signal]);
      });
    };
    options.source.on(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) options.source.off(signal, listener);
  };
}

const signalNumbers: Readonly<Record<ShutdownSignal, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
