import type { ContractHandlers } from './create-router.ts';
import type { BatchService } from '../batch/batch-service.ts';
import { exportCsv, exportJson, exportXlsx } from '../batch/batch-export.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';

type BatchChannels = 'batch:preview' | 'batch:start' | 'batch:pause' | 'batch:cancel' | 'batch:get' | 'batch:items' | 'batch:list' | 'batch:export';

const mediaTypes = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', json: 'application/json' } as const;

/** Batches on the selected environment; progress reaches the UI through batch:updated events. */
export function batchHandlers(environments: EnvironmentRegistry, batches: BatchService): Pick<ContractHandlers, BatchChannels> {
  return {
    'batch:preview': async ({ source, csv, variables, tenure, from, reuseDays, budget }) => {
      const purchasing = environments.purchasing();
      const plan = await batches.plan({
        environmentId: environments.selected().id,
        source,
        csv,
        variables,
        tenure,
        ...(from === undefined ? {} : { from }),
        reuseDays: reuseDays ?? purchasing.reuseDays,
        concurrency: purchasing.batchConcurrency,
        ...(budget === undefined ? {} : { budget }),
      });
      const batch = batches.create(plan);
      return { batch, items: plan.items };
    },
    'batch:start': async ({ id, budget }) => {
      void batches.start(id, budget === undefined ? {} : { budget });
      return Promise.resolve(batches.summary(id));
    },
    'batch:pause': async ({ id }) => Promise.resolve(batches.pause(id)),
    'batch:cancel': async ({ id }) => Promise.resolve(batches.cancel(id)),
    'batch:get': async ({ id }) => Promise.resolve(batches.summary(id)),
    'batch:items': async ({ id, offset, limit }) => Promise.resolve({ items: batches.items(id, { offset: offset ?? 0, limit: limit ?? 10_000 }) }),
    'batch:list': async () => Promise.resolve({ batches: batches.list() }),
    'batch:export': async ({ id, format }) => {
      const summary = batches.summary(id);
      const items = batches.items(id);
      const content = format === 'csv' ? Buffer.from(exportCsv(summary.spec, items)) : format === 'xlsx' ? await exportXlsx(summary.spec, items) : Buffer.from(exportJson(batches.document(id)));
      return { fileName: `titledesk-batch-${id.slice(0, 8)}.${format}`, mediaType: mediaTypes[format], base64: content.toString('base64') };
    },
  };
}
