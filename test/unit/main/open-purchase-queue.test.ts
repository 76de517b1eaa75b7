import { describe, expect, it } from 'vitest';
import { createOpenPurchaseQueue } from '../../../electron/main/shell/open-purchase-queue.ts';

describe('opening a purchase in the window', () => {
  it('holds a link that arrives while the page loads until the page listens, then sends it', () => {
    const sent: string[] = [];
    const queue = createOpenPurchaseQueue((reference) => { sent.push(reference); });
    queue.open('p-1');
    queue.open('p-2');
    expect(sent).toEqual([]);
    queue.listening();
    expect(sent).toEqual(['p-1', 'p-2']);
    queue.open('p-3');
    expect(sent).toEqual(['p-1', 'p-2', 'p-3']);
  });

  it('holds again while a reloaded page loads', () => {
    const sent: string[] = [];
    const queue = createOpenPurchaseQueue((reference) => { sent.push(reference); });
    queue.listening();
    queue.reset();
    queue.open('p-4');
    expect(sent).toEqual([]);
    queue.listening();
    expect(sent).toEqual(['p-4']);
  });

  it('keeps only the last 20 for a page that never listens', () => {
    const sent: string[] = [];
    const queue = createOpenPurchaseQueue((reference) => { sent.push(reference); });
    for (let n = 0; n < 25; n += 1) queue.open(`p-${n}`);
    queue.listening();
    expect(sent).toHaveLength(20);
    expect(sent[0]).toBe('p-5');
  });
});
