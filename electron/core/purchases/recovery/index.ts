/**
 * What a start finds unfinished: purchases interrupted while being sent (sent again only when it
 * is certain no POST left, within the automatic window), and answers rescued to a side file when
 * the journal could not take them, applied back.
 *
 * Promises: a purchase whose POST may have gone out is never sent again on its own; it is shown
 * for a person to decide.
 */
export { recoverInterrupted, sendableReason, withinAutoSendWindow } from './recovery.ts';
export { applyRescued } from './rescue-apply.ts';
