import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { formatMoney, formatTotals } from '../common/money.ts';
import { useNow } from '../common/use-now.ts';
import { usePurchaseQuery } from '../purchases/purchase-queries.ts';
import type { DemoVariable } from './scripted-demo.ts';
import { countdownOf, diagramMessages } from './sequence-model.ts';
import { SequenceDiagram } from './SequenceDiagram.tsx';

export interface DiagramStageProps {
  readonly purchaseId: string;
  /** The demo's variables, for the plain names the values are shown under. */
  readonly variables: readonly DemoVariable[];
  /** The message the presenter chose, or undefined to follow the latest as it happens. */
  readonly focused: number | undefined;
}

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

/** "£1,051,000" rather than "1051000" for a value the catalog names in pounds: a room reads money as money. */
function shownValue(name: string, value: string): string {
  return name.includes('(£') && /^\d+(\.\d+)?$/.test(value) ? pounds.format(Number(value)) : value;
}

function Values({ record, variables }: { readonly record: PurchaseRecord; readonly variables: readonly DemoVariable[] }) {
  const items = record.items ?? [];
  const plainName = (iri: string, name: string): string => variables.find((variable) => variable.iri === iri)?.plainName ?? name;
  return (
    <section className="presentation-values" aria-label="Values received">
      <h3>What we bought</h3>
      <ul>
        {items.map((item, index) => (
          <li key={`${item.variable}#${String(index)}`} style={{ animationDelay: `${String(index * 250)}ms` }}>
            <span className="presentation-value-name">{plainName(item.variable, item.name)}</span>
            <strong className="presentation-value">{shownValue(item.name, item.value)}</strong>
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
export function DiagramStage({ purchaseId, variables, focused }: DiagramStageProps) {
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
        {record.state === 'available' ? <Values record={record} variables={variables} /> : null}
      </div>
    </div>
  );
}
