import type { PurchaseRecord } from '../../../shared/purchase.ts';
import { formatMoney, formatTotals } from '../common/money.ts';
import { useNow } from '../common/use-now.ts';
import { usePurchaseQuery } from '../purchases/purchase-queries.ts';
import { countdownOf, diagramMessages } from './sequence-model.ts';
import { SequenceDiagram } from './SequenceDiagram.tsx';

export interface DiagramStageProps {
  readonly purchaseId: string;
  /** The message the presenter chose, or undefined to follow the latest as it happens. */
  readonly focused: number | undefined;
}

function Values({ record }: { readonly record: PurchaseRecord }) {
  const items = record.items ?? [];
  return (
    <section className="presentation-values" aria-label="Values received">
      <h3>The values</h3>
      <ul>
        {items.map((item, index) => (
          <li key={`${item.variable}#${String(index)}`} style={{ animationDelay: `${String(index * 250)}ms` }}>
            <span className="presentation-value-name">{item.name}</span>
            <strong className="presentation-value">{item.value}</strong>
            <span className="presentation-value-price">{formatMoney(item.price)}</span>
          </li>
        ))}
      </ul>
      <p className="presentation-total">Total {formatTotals(record.totals ?? [])} · purchase ID {record.purchaseId ?? ''}</p>
    </section>
  );
}

function waitingCaption(record: PurchaseRecord): string {
  if (record.state === 'submitting') return 'TitleDesk is sending the purchase.';
  if (record.state === 'failed') return 'The purchase did not go through; TitleDesk says why and keeps the record.';
  return '';
}

/** The live diagram of one purchase, with the caption for the chosen (or latest) step beside it. */
export function DiagramStage({ purchaseId, focused }: DiagramStageProps) {
  const purchase = usePurchaseQuery(purchaseId);
  const record = purchase.data;
  const now = useNow(record?.state === 'pending');
  if (record === undefined) return <p className="presentation-caption">Sending the purchase…</p>;
  const messages = diagramMessages(record);
  const at = Math.min(focused ?? messages.length - 1, messages.length - 1);
  const countdown = countdownOf(record, now);
  const caption = messages[at]?.caption ?? waitingCaption(record);
  return (
    <div className="presentation-diagram">
      <div className="presentation-diagram-figure">
        <SequenceDiagram messages={messages} focused={at} countdown={countdown} />
      </div>
      <div className="presentation-side">
        <p className="presentation-caption" aria-live="polite" data-testid="presentation-caption">{caption}</p>
        {record.state === 'available' ? <Values record={record} /> : null}
      </div>
    </div>
  );
}
