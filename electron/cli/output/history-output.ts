import type { Environment } from '../../../shared/environment/environment.ts';
import type { ListedPurchase } from '../../../shared/purchase/purchase.ts';
import { boughtFromText } from './purchase-output.ts';
import { serviceAddressOf, shortAddress } from '../service-address.ts';

/**
 * `titledesk history` as a table for people: a header, the service of each purchase (the app's
 * name for it, else its address, never TitleDesk's internal environment id), and
 * "—" where the service gave no purchase ID. The last column is TitleDesk's own id, which
 * `check` also accepts, so every row can be checked.
 */
const columns = [
  { title: 'Created (UTC)', width: 19 },
  { title: 'Status', width: 15 },
  { title: 'Service', width: 22 },
  { title: 'Bought from', width: 20 },
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

/** The app's own name for an environment it made; the CLI's are named after their address, which is shown instead. */
function serviceName(record: ListedPurchase, environments: readonly Environment[]): string {
  const known = environments.find((environment) => environment.id === record.environmentId);
  if (known !== undefined && !known.id.startsWith('cli-') && known.name.trim() !== '') return known.name;
  const address = serviceAddressOf(record, environments);
  return address === undefined ? known?.name ?? 'unknown service' : shortAddress(address);
}

/** The table, one row per purchase. */
export function historyText(records: readonly ListedPurchase[], environments: readonly Environment[]): string {
  if (records.length === 0) return 'No purchases match.\n';
  const lines = records.map((record) =>
    row([
      new Date(record.createdAt).toISOString().replace('T', ' ').slice(0, 19),
      record.state.replace('_', ' '),
      serviceName(record, environments),
      boughtFromText(record) ?? '—',
      variablesText(record.items?.length ?? record.variables.length),
      record.purchaseId ?? '—',
      record.id,
    ]),
  );
  return `${[row(columns.map((column) => column.title)), ...lines].join('\n')}\n`;
}
