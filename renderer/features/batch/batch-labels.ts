import type { BatchItemState, BatchState } from '../../../shared/purchase/batch.ts';

export const batchStateLabels: { readonly [S in BatchItemState]: string } = {
  queued: 'To buy',
  sending: 'Sending',
  pending: 'Awaiting result',
  available: 'Bought',
  reused: 'Reused',
  refused: 'Refused',
  failed: 'Failed',
  unknown: 'Outcome unknown',
  cancelled: 'Cancelled',
};

export const batchLabels: { readonly [S in BatchState]: string } = {
  draft: 'Not started',
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped by the budget',
  cancelled: 'Cancelled',
  done: 'Finished',
};

/** "about 2 min left" from milliseconds. */
export function etaText(ms: number | null): string {
  if (ms === null) return '';
  const seconds = Math.ceil(ms / 1000);
  return seconds < 90 ? `about ${String(seconds)} s left` : `about ${String(Math.round(seconds / 60))} min left`;
}

/** Saves an export the core produced (base64) through the browser's download. */
export function downloadBase64(fileName: string, mediaType: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mediaType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => { URL.revokeObjectURL(url); }, 10_000);
}
