import { describe, expect, it } from 'vitest';
import { createNotifier, keptNotifications, type ShownNotification } from '../../../electron/main/shell/notification-keeper.ts';

/** A notification as the OS drives it: a click, a failure, or (on Windows) a close into the Action Center. */
interface FakeNotification extends ShownNotification {
  click(): void;
  fail(error: string): void;
  shown: boolean;
}

function fakeNotification(): FakeNotification {
  const clicks: (() => void)[] = [];
  const failures: ((error: string) => void)[] = [];
  return {
    shown: false,
    onClick: (listener) => { clicks.push(listener); },
    onFailed: (listener) => { failures.push(listener); },
    show() { this.shown = true; },
    click: () => { for (const listener of clicks) listener(); },
    fail: (error) => { for (const listener of failures) listener(error); },
  };
}

function setUp() {
  const created: FakeNotification[] = [];
  const opened: string[] = [];
  const lines: string[] = [];
  const notifier = createNotifier({
    create: () => { const notification = fakeNotification(); created.push(notification); return notification; },
    open: (reference) => { opened.push(reference); },
    log: (line) => { lines.push(line); },
  });
  const show = (reference: string): void => { notifier.show({ title: `Title ${reference}`, body: '', reference }); };
  return { notifier, created, opened, lines, show };
}

describe('purchase notifications', () => {
  it('stay held, and clickable, until clicked: a toast gone to the Action Center still opens its purchase', () => {
    const { notifier, created, opened, show } = setUp();
    show('p-1');
    expect(created[0]?.shown).toBe(true);
    expect(notifier.held).toBe(1);
    created[0]?.click();
    expect(opened).toEqual(['p-1']);
    expect(notifier.held).toBe(0);
  });

  it(`keep the last ${keptNotifications}, so the set never only grows where close never fires`, () => {
    const { notifier, show } = setUp();
    for (let n = 0; n < keptNotifications + 5; n += 1) show(`p-${n}`);
    expect(notifier.held).toBe(keptNotifications);
  });

  it('log one that failed and let it go', () => {
    const { notifier, created, lines, show } = setUp();
    show('p-9');
    created[0]?.fail('toast disabled');
    expect(lines).toEqual(['A notification could not be shown (toast disabled): Title p-9']);
    expect(notifier.held).toBe(0);
  });
});
