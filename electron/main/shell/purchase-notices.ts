import type { PurchaseRecord, PurchaseState } from '../../../shared/purchase/purchase.ts';

/**
 * What the desktop shell shows about purchases outside the window: a native notification when
 * one the app was following completes or fails while the window is not focused, and the number
 * still pending on the dock/taskbar badge. Fed the contract's purchase:updated batches. Pure.
 */
export interface PurchaseNotice {
  readonly title: string;
  readonly body: string;
  /** What clicking it opens in Look up: the service's purchase ID, else the local id. */
  readonly reference: string;
}

const inFlight: ReadonlySet<PurchaseState> = new Set(['submitting', 'pending']);

export interface PurchaseWatch {
  /** Records already in the journal at start: counted, never announced. */
  seed(records: readonly PurchaseRecord[]): void;
  /** A purchase:updated batch; notices only when the window is not focused. */
  update(records: readonly PurchaseRecord[], windowFocused: boolean): PurchaseNotice[];
  readonly pendingCount: number;
}

export function createPurchaseWatch(): PurchaseWatch {
  const states = new Map<string, PurchaseState>();
  const pending = (): number => [...states.values()].filter((state) => inFlight.has(state)).length;
  return {
    seed(records) {
      for (const record of records) if (record.imported !== true) states.set(record.id, record.state);
    },
    update(records, windowFocused) {
      const notices: PurchaseNotice[] = [];
      // Another desk's purchase (imported) is that desk's to hear about and count: never this badge's.
      for (const record of records.filter((each) => each.imported !== true)) {
        const before = states.get(record.id);
        states.set(record.id, record.state);
        // Only a purchase seen in flight ends here: a lookup answered at once is shown in the window.
        if (before === undefined || !inFlight.has(before) || inFlight.has(record.state) || windowFocused) continue;
        const notice = noticeFor(record);
        if (notice !== undefined) notices.push(notice);
      }
      return notices;
    },
    get pendingCount() {
      return pending();
    },
  };
}

function noticeFor(record: PurchaseRecord): PurchaseNotice | undefined {
  const subject = record.titleNumber === undefined ? `Purchase ${record.purchaseId ?? ''}`.trim() : `Title ${record.titleNumber}`;
  const reference = record.purchaseId ?? record.id;
  const count = record.items?.length ?? record.variables.length;
  switch (record.state) {
    case 'available':
      return { title: `${subject}: data available`, body: `${count} ${count === 1 ? 'variable' : 'variables'} received.`, reference };
    case 'failed':
      return { title: `${subject}: purchase failed`, body: record.error?.message ?? 'The service did not complete the purchase.', reference };
    case 'outcome_unknown':
      return { title: `${subject}: outcome unknown`, body: 'It may or may not have been bought; check it before buying again.', reference };
    default:
      // Cancelled by the user, who is already looking.
      return undefined;
  }
}
