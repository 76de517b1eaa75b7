import type { JournalNotice } from '../../../../shared/purchase/journal.ts';
import type { JournalStore } from '../../stores/journal-store.ts';
import { purchaseIdOf } from '../answers/reference.ts';
import { readRescue, rescuePath } from '../journal/rescue-file.ts';

/**
 * On start, answers kept in the rescue file (the journal could not take them at the time) are
 * written back into their records, which are then followed like any pending purchase. The file
 * itself is never rewritten: applying an entry twice changes nothing.
 */
export function applyRescued(store: JournalStore, dataDir: string): JournalNotice | undefined {
  const { entries, unreadable } = readRescue(dataDir);
  let applied = 0;
  let unmatched = 0;
  for (const entry of entries) {
    const record = store.get(entry.localId);
    if (record === undefined || entry.resultUrl === undefined) {
      unmatched += 1;
      continue;
    }
    if (record.resultUrl !== undefined || record.state === 'available') continue;
    const purchaseId = purchaseIdOf(new URL(entry.resultUrl));
    store.save({
      ...record,
      state: 'pending',
      autoCheck: true,
      resultUrl: entry.resultUrl,
      ...(purchaseId === undefined ? {} : { purchaseId }),
      nextCheckAt: entry.at,
      error: undefined,
    }, 'full');
    applied += 1;
  }
  if (applied === 0 && unmatched === 0 && unreadable === 0) return undefined;
  const path = rescuePath(dataDir);
  const parts = [
    applied > 0 ? `${applied} purchase${applied === 1 ? '' : 's'} accepted by the service but not journaled at the time ${applied === 1 ? 'was' : 'were'} recovered and ${applied === 1 ? 'is' : 'are'} followed again` : '',
    unmatched > 0 ? `${unmatched} answer${unmatched === 1 ? '' : 's'} could not be matched to a purchase in the journal; look ${unmatched === 1 ? 'it' : 'them'} up by the result address in the file` : '',
    unreadable > 0 ? `${unreadable} line${unreadable === 1 ? '' : 's'} of the file could not be read` : '',
  ].filter((part) => part !== '');
  return { kind: 'rescued', message: `From ${path}: ${parts.join('; ')}.`, path };
}
