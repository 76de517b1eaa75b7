import type { RequestChannel } from '../../shared/contract/channels.ts';

/**
 * A request sent before the renderer is set up (boot/page-start.ts), so it leaves while React and
 * the contract's schemas are still being evaluated. The bridge hands its raw answer to the first
 * call on that channel, which checks it as it checks every other answer.
 */
export interface EarlyRequest<Raw> {
  /** The answer, for the first call on its channel without a payload; afterwards nothing, and the host is asked again. */
  answerFor(channel: RequestChannel, request: unknown): Promise<Raw> | undefined;
}

export function earlyRequest<Raw>(channel: RequestChannel, send: () => Promise<Raw>): EarlyRequest<Raw> {
  let answer: Promise<Raw> | undefined = send();
  // Nobody may ever take it (the window closed first): its failure is not an unhandled rejection.
  answer.catch(() => undefined);
  return {
    answerFor(asked, request) {
      if (asked !== channel || request !== undefined) return undefined;
      const taken = answer;
      answer = undefined;
      return taken;
    },
  };
}
