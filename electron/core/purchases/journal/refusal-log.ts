import type { Clock, TimerHandle } from '../../concurrency/clock.ts';

/** In every log line about a refused answer: what a host or the bench may count them by. */
export const refusedAnswerPhrase = 'what the service answered could not be journaled';

/** Lines about single refusals in any one second; the rest of that second are counted in one line. */
const linesPerSecond = 5;
const secondMs = 1000;

/**
 * How many refused answers a log line tells of: 1 for a line about one purchase, N for the line
 * that counts those left out of a second, 0 for any other line.
 */
export function refusalsTold(message: string): number {
  if (!message.includes(refusedAnswerPhrase)) return 0;
  const counted = /^(\d+) more answers? within that second: /.exec(message);
  return counted === null ? 1 : Number(counted[1]);
}

/**
 * The log's lines about refused answers, at most `linesPerSecond` of them a second. A full disk
 * refuses the answers of every followed purchase: at 10,000 purchases, thousands of lines a
 * second on stderr and in the app's log (rotated at 1 MB, so everything before them lost within
 * seconds). The UI's notice counts the purchases (unsaved-answers.ts); here the first lines of
 * each second name their purchases and one line when the second ends counts the others.
 */
export class RefusalLog {
  readonly #clock: Clock;
  readonly #log: ((message: string) => void) | undefined;
  #secondStartedAt = Number.NEGATIVE_INFINITY;
  #linesThisSecond = 0;
  #leftOut = 0;
  #latestLeftOut = '';
  #countLine: TimerHandle | undefined;

  constructor(clock: Clock, log: ((message: string) => void) | undefined) {
    this.#clock = clock;
    this.#log = log;
  }

  /** `line` names the purchase; `reason` is what the journal said. */
  say(line: string, reason: string): void {
    if (this.#log === undefined) return;
    const now = this.#clock.now();
    if (now - this.#secondStartedAt >= secondMs) {
      this.#sayLeftOut();
      this.#secondStartedAt = now;
      this.#linesThisSecond = 0;
    }
    if (this.#linesThisSecond < linesPerSecond) {
      this.#linesThisSecond += 1;
      this.#log(line);
      return;
    }
    this.#leftOut += 1;
    this.#latestLeftOut = reason;
    this.#countLine ??= this.#clock.setTimer(() => {
      this.#sayLeftOut();
    }, this.#secondStartedAt + secondMs - now);
  }

  /** Says what is left out now (the poller is closing). */
  flush(): void {
    this.#sayLeftOut();
  }

  #sayLeftOut(): void {
    this.#countLine?.cancel();
    this.#countLine = undefined;
    if (this.#leftOut === 0) return;
    const count = this.#leftOut;
    this.#leftOut = 0;
    this.#log?.(`${String(count)} more ${count === 1 ? 'answer' : 'answers'} within that second: ${refusedAnswerPhrase} (the latest: ${this.#latestLeftOut}); followed purchases are asked again after a backoff of their own.`);
  }
}
