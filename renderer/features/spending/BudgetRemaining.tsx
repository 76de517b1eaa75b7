import { useSpendingStatusQuery } from '../../api/spending-queries.ts';
import { formatTotals } from '../common/money.ts';

/** What remains of today's and this month's budget, when the environment has one. */
export function BudgetRemaining({ environmentId }: { readonly environmentId: string }) {
  const status = useSpendingStatusQuery(environmentId);
  const data = status.data;
  if (data === undefined || (data.remainingToday.length === 0 && data.remainingThisMonth.length === 0)) return null;
  const parts = [
    data.remainingToday.length === 0 ? '' : `${formatTotals(data.remainingToday)} left today`,
    data.remainingThisMonth.length === 0 ? '' : `${formatTotals(data.remainingThisMonth)} left this month`,
  ].filter((part) => part !== '');
  return <p className="budget-remaining" data-testid="budget-remaining">Budget: {parts.join(', ')}</p>;
}
