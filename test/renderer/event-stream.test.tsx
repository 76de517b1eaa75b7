import { describe, expect, it } from 'vitest';
import { EventStream } from '../../renderer/bridge/event-stream.ts';

/** A stream whose body is the given chunks, each read at once. */
function streamOf(chunks: readonly string[]): (signal: AbortSignal) => Promise<Response> {
  return () => Promise.resolve(new Response(new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      // Left open: the stream would reconnect once it ended.
    },
  }), { headers: { 'content-type': 'text/event-stream' } }));
}

const burst = Array.from({ length: 6 }, (_, n) => `event: tick\ndata: ${String(n)}\n\n`).join('');

/**
 * Delivers the burst, each message taking `eachTakesMs` on the page's clock, and says for each
 * message whether a microtask queued by the listener before it had run: it has only if the page
 * had a turn between.
 */
async function deliverBurst(eachTakesMs: number): Promise<{ data: string[]; turnBefore: boolean[] }> {
  const data: string[] = [];
  const turnBefore: boolean[] = [];
  let turned = true;
  let clock = 0;
  const stream = new EventStream({ open: streamOf([burst]), now: () => clock });
  const stop = stream.subscribe('tick', (message) => {
    clock += eachTakesMs;
    data.push(message);
    turnBefore.push(turned);
    turned = false;
    queueMicrotask(() => { turned = true; });
  });
  await expect.poll(() => data.length, { timeout: 5_000 }).toBe(6);
  stop();
  return { data, turnBefore };
}

describe('the event stream', () => {
  it('delivers the events of one read in one task while they are quick', async () => {
    const { data, turnBefore } = await deliverBurst(1);
    expect(data).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(turnBefore).toEqual([true, false, false, false, false, false]);
  });

  it('gives the page a turn once the events of one read have run for 10 ms, and keeps their order', async () => {
    // Three messages of 4 ms make a slice of 12 ms: the fourth waits for the next task.
    const { data, turnBefore } = await deliverBurst(4);
    expect(data).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(turnBefore).toEqual([true, false, false, true, false, false]);
  });

  it('leaves the rest of a read undelivered once its last listener has gone, even to a listener that comes meanwhile', async () => {
    // Every message is a slice of its own: the page gets a turn before each.
    let clock = 0;
    const first: string[] = [];
    const second: string[] = [];
    const stream = new EventStream({ open: streamOf([burst]), now: () => (clock += 20) });
    const stop = stream.subscribe('tick', (message) => {
      first.push(message);
      if (first.length === 2) {
        stop();
        // A new connection of its own, with its own burst: nothing of the first one's read.
        stream.subscribe('tick', (later) => { second.push(later); });
      }
    });
    await expect.poll(() => second.length, { timeout: 5_000 }).toBe(6);
    await new Promise((resolve) => { setTimeout(resolve, 50); });
    expect(first).toEqual(['0', '1']);
    expect(second).toEqual(['0', '1', '2', '3', '4', '5']);
  });
});
