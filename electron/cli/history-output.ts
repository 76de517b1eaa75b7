import type { ListedPurchase } from '../../shared/purchase.ts';

/**
 * `titledesk history` as a table for people: a header, the environment of each purchase, and
 * "—" where the service gave no purchase ID. The last column is TitleDesk's own id, which
 * `check` also accepts, so every row can be checked.
 */
const columns = [
  { title: 'Created (UTC)', width: 19 },
  { title: 'Status', width: 15 },
  { title: 'Environment', width: 16 },
  { title: 'Title', width: 12 },
  { title: 'Variables', width: 12 },
  { title: 'Purchase ID', width: 36 },
  { title: 'Local ID', width: 0 },
] as const;

function row(cells: readonly string[]): string {
  return cells
    .map((cell, index) => {
      const width = columns[index]?.width ?? 0;
      if (width === 0) return cell;
      return cell.length > width ? `${cell.slice(0, width - 1)}…` : cell.padEnd(width);
    })
    .join('  ')
    .trimEnd();
}

function variablesText(count: number): string {
  return `${String(count)} ${count === 1 ? 'variable' : 'variables'}`;
}

/** The table; environment ids the caller can name are shown by name. */
export function historyText(records: readonly ListedPurchase[], environmentNames: ReadonlyMap<string, string>): string {
  if (records.length === 0) return 'No purchases match.\n';
  const lines = records.map((record) =>
    row([
      new Date(record.createdAt).toISOString().replace('T', ' ').slice(0, 19),
      record.state.replace('_', ' '),
      environmentNames.get(record.environmentId) ?? record.environmentId,
      record.titleNumber ?? '—',
      variablesText(record.items?.length ?? record.variables.length),
      record.purchaseId ?? '—',
      record.id,
    ]),
  );
  return `${[row(columns.map((column) => column.title)), ...lines].join('\n')}\n`;
}
