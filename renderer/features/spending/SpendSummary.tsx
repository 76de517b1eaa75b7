import { useSpendingHistoryQuery } from '../../api/spending-queries.ts';
import { formatTotals } from '../common/money.ts';

const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const dayName = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Spend per day and per month: returned prices, and catalog prices of purchases not yet settled. */
export function SpendSummary({ environmentId }: { readonly environmentId: string }) {
  const history = useSpendingHistoryQuery(environmentId);
  const days = history.data?.days.slice(0, 7) ?? [];
  const months = history.data?.months.slice(0, 3) ?? [];
  if (days.length === 0 && months.length === 0) return null;
  const at = (text: string): Date => {
    const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
    return new Date(year, month - 1, day);
  };
  return (
    <div aria-label="Spend per day and month" role="group">
      <dl className="spend-summary" data-testid="spend-months">
        {months.map((entry) => (
          <div key={entry.month}><dt>Spent in {monthName.format(at(entry.month))}</dt><dd>{formatTotals(entry.spent)}</dd></div>
        ))}
      </dl>
      <dl className="spend-summary" data-testid="spend-days">
        {days.map((entry) => (
          <div key={entry.day}><dt>Spent on {dayName.format(at(entry.day))}</dt><dd>{formatTotals(entry.spent)}</dd></div>
        ))}
      </dl>
    </div>
  );
}
