/**
 * The whole history to one JSON file and back: export with every result as received, import
 * that adds only purchases whose ids are not known.
 *
 * Promises: an import never changes or replaces a purchase already in the journal.
 */
export { exportHistory, importHistory } from './history-transfer.ts';
