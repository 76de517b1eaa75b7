import type { Exchange } from '../../../shared/purchase/purchase.ts';
import { formatClockSeconds } from '../../format-time.ts';

export interface TimelineStep {
  /** "POST → 303 Retry-After 2 s", "GET 202 max-age 3 s", "GET 200". */
  readonly label: string;
  readonly count: number;
  readonly firstAt: number;
  readonly lastAt: number;
}

function seconds(value: number): string {
  return `${String(Math.round(value))} s`;
}

/** The server's advice as its own header would name it. */
function adviceOf(exchange: Exchange): string {
  if (exchange.advisedWaitSeconds === undefined) return '';
  const header = exchange.status === 202 ? 'max-age' : 'Retry-After';
  return ` ${header} ${seconds(exchange.advisedWaitSeconds)}`;
}

export function describeExchange(exchange: Exchange): string {
  const status = exchange.status === 'no-response' ? 'no response' : String(exchange.status);
  const advice = adviceOf(exchange);
  return exchange.method === 'POST' ? `POST → ${status}${advice}` : `GET ${status}${advice}`;
}

/** Consecutive exchanges that read the same are one step with a count (GET 202 … × 4). */
export function summariseTimeline(timeline: readonly Exchange[]): TimelineStep[] {
  const steps: TimelineStep[] = [];
  for (const exchange of timeline) {
    const label = describeExchange(exchange);
    const last = steps.at(-1);
    if (last?.label === label) steps[steps.length - 1] = { ...last, count: last.count + 1, lastAt: exchange.at };
    else steps.push({ label, count: 1, firstAt: exchange.at, lastAt: exchange.at });
  }
  return steps;
}

export function stepText(step: TimelineStep): string {
  return step.count === 1 ? step.label : `${step.label} × ${String(step.count)}`;
}

/** "POST → 303 Retry-After 2 s → GET 202 max-age 3 s × 4 → GET 200". */
export function timelineText(timeline: readonly Exchange[]): string {
  return summariseTimeline(timeline).map(stepText).join(' → ');
}

/** hh:mm:ss: exchanges a few seconds apart must be told apart. */
export function formatSeconds(epochMs: number): string {
  return formatClockSeconds(epochMs);
}
