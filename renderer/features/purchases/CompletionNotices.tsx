import { useCallback, useEffect, useRef, useState } from 'react';
import { formatTotals } from '../common/money.ts';
import type { PurchaseEvent } from './purchase-index.ts';
import { purchaseTitle, stateLabels, variableCount } from './purchase-labels.ts';

export interface Notice {
  readonly key: number;
  readonly text: string;
  readonly tone: 'ok' | 'problem';
}

const shownMs = 8000;
const mostShown = 3;

function noticeText({ record }: PurchaseEvent): string {
  const what = `${purchaseTitle(record)} (${variableCount(record)})`;
  if (record.state === 'available') return `Purchase ready: ${what}, ${formatTotals(record.totals ?? [])}.`;
  return `Purchase ${stateLabels[record.state].toLowerCase()}: ${what}. Open it in Purchases to see why.`;
}

/** Quiet notices for purchases that finish: a few at a time, each gone after a while. */
export function useCompletionNotices() {
  const [list, setList] = useState<readonly Notice[]>([]);
  const counter = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((key: number) => { setList((current) => current.filter((notice) => notice.key !== key)); }, []);
  const add = useCallback((event: PurchaseEvent) => {
    // Another desk's purchase (or one from another machine) is that desk's to hear about; here it
    // shows in the list, and a team's every finished purchase would bury this desk's own.
    if (event.record.imported === true) return;
    counter.current += 1;
    const key = counter.current;
    const notice: Notice = { key, text: noticeText(event), tone: event.record.state === 'available' ? 'ok' : 'problem' };
    // A burst (a thousand purchases finishing) keeps only the latest few on screen.
    setList((current) => [...current, notice].slice(-mostShown));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      dismiss(key);
    }, shownMs);
    timers.current.add(timer);
  }, [dismiss]);
  useEffect(() => {
    const pending = timers.current;
    return () => { for (const timer of pending) clearTimeout(timer); };
  }, []);
  return { list, add, dismiss };
}

export function CompletionNotices({ notices, onDismiss }: { readonly notices: readonly Notice[]; readonly onDismiss: (key: number) => void }) {
  return (
    <div className="completion-notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <p key={notice.key} className={`toast toast-${notice.tone}`}>
          <span>{notice.text}</span>
          <button type="button" className="button-quiet" aria-label="Dismiss" onClick={() => { onDismiss(notice.key); }}>×</button>
        </p>
      ))}
    </div>
  );
}
