import { CoreError } from '../errors.ts';
import type { TeamBeginInput, TeamStore } from '../team/team-store.ts';
import type { TeamBeginResult } from '../team/team-rows.ts';

interface Waiting {
  readonly store: TeamStore;
  readonly input: TeamBeginInput;
  readonly resolve: (result: TeamBeginResult) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Begins in one call: the database function takes at most 50 (0006-begins-in-groups.ts). A call
 * holds the team's begin lock until it commits, so a longer one would hold every other desk's
 * begins longer. A turn with more sends several calls at once.
 */
const mostInOneCall = 50;

export type GroupedBegin = (store: TeamStore, input: TeamBeginInput) => Promise<TeamBeginResult>;

/**
 * Begins asked for in one scheduler turn go to the team database together, in calls of up to 50
 * with one commit each (TeamStore.beginMany), not one round trip each. Each caller gets its own
 * begin's answer, or its own error; a call that fails fails each of its begins with that error.
 * `onCall` hears the size of each call (for measurements and tests).
 */
export function groupedBegins(onCall?: (begins: number) => void): GroupedBegin {
  let waiting: Waiting[] = [];
  return (store, input) => new Promise<TeamBeginResult>((resolve, reject) => {
    waiting.push({ store, input, resolve, reject });
    if (waiting.length > 1) return;
    // The rest of this turn's begins join the same call.
    setImmediate(() => {
      const taken = waiting;
      waiting = [];
      void sendAll(taken, onCall);
    });
  });
}

async function sendAll(taken: readonly Waiting[], onCall: ((begins: number) => void) | undefined): Promise<void> {
  const calls: Waiting[][] = [];
  for (const store of new Set(taken.map((item) => item.store))) {
    const ofStore = taken.filter((item) => item.store === store);
    for (let start = 0; start < ofStore.length; start += mostInOneCall) calls.push(ofStore.slice(start, start + mostInOneCall));
  }
  for (const call of calls) onCall?.(call.length);
  await Promise.all(calls.map(sendOne));
}

async function sendOne(call: readonly Waiting[]): Promise<void> {
  const [first] = call;
  if (first === undefined) return;
  try {
    const answers = await first.store.beginMany(call.map((item) => item.input));
    call.forEach((item, index) => {
      const answer = answers[index];
      if (answer === undefined) item.reject(new CoreError('protocol', `The team database did not answer the begin of ${item.input.localId}.`));
      else if (answer instanceof CoreError) item.reject(answer);
      else item.resolve(answer);
    });
  } catch (error) {
    for (const item of call) item.reject(error);
  }
}
