/**
 * The desktop app's life as one state: starting, running, quitting, closed. A quit may come at any
 * moment (Cmd+Q, a signal, a log-off), also while the start is still opening the journal: the quit
 * then waits for the start to finish, so whatever it opened is closed by the shutdown, and the
 * start, seeing the quit, opens nothing more. No electron import: tested in plain Node.
 */
export type AppPhase = 'idle' | 'starting' | 'running' | 'quitting' | 'closed';

export interface AppLife {
  readonly phase: AppPhase;
  /** True once a quit has been asked for: a start checks it after each wait (a method, as it changes across them). */
  quitRequested(): boolean;
  /** Runs the start once; rejects with its failure. */
  start(): Promise<void>;
  /** Waits for a start in progress, then runs the shutdown, once; later calls share it. Never rejects. */
  quit(): Promise<void>;
}

export function createAppLife(options: { readonly start: () => Promise<void>; readonly shutdown: { run(): Promise<void> } }): AppLife {
  let phase: AppPhase = 'idle';
  let starting: Promise<void> | undefined;
  let quitting: Promise<void> | undefined;
  const life: AppLife = {
    get phase() {
      return phase;
    },
    quitRequested() {
      return phase === 'quitting' || phase === 'closed';
    },
    start() {
      if (starting !== undefined) return starting;
      phase = 'starting';
      starting = options.start().then(() => {
        if (phase === 'starting') phase = 'running';
      });
      return starting;
    },
    quit() {
      quitting ??= (async () => {
        phase = 'quitting';
        // Its failure is the start's caller's to report; the shutdown runs either way.
        await starting?.catch(() => undefined);
        await options.shutdown.run();
        phase = 'closed';
      })();
      return quitting;
    },
  };
  return life;
}
