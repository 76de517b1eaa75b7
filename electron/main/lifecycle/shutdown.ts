/**
 * Closing the app cleanly, exactly once: Electron fires before-quit again when app.quit() is
 * called after the async work, and a second Cmd+Q may arrive while the journal is closing.
 */
export interface ShutdownStep {
  readonly name: string;
  run(): Promise<void> | void;
}

export interface Shutdown {
  /** 'idle' until run() starts, 'closing' while steps run, 'closed' when all have finished. */
  readonly state: 'idle' | 'closing' | 'closed';
  /** Runs every step in order once; later calls return the same promise. Never rejects. */
  run(): Promise<void>;
}

export function createShutdown(options: {
  steps: () => readonly ShutdownStep[];
  onError: (step: string, error: unknown) => void;
  /** A step that hangs must not keep the app from quitting. */
  stepTimeoutMs?: number;
}): Shutdown {
  let state: Shutdown['state'] = 'idle';
  let running: Promise<void> | undefined;
  const timeoutMs = options.stepTimeoutMs ?? 5000;

  async function runSteps(): Promise<void> {
    for (const step of options.steps()) {
      try {
        await withTimeout(Promise.resolve().then(() => step.run()), timeoutMs, step.name);
      } catch (error) {
        // One failed step (a socket already gone) must not stop the journal from closing.
        options.onError(step.name, error);
      }
    }
    state = 'closed';
  }

  return {
    get state() {
      return state;
    },
    run() {
      if (running === undefined) {
        state = 'closing';
        running = runSteps();
      }
      return running;
    },
  };
}

function withTimeout(work: Promise<void>, ms: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${name} did not finish within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    clearTimeout(timer);
  });
}
