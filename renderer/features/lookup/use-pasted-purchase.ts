import { useEffect, useRef } from 'react';
import { searchBoxSelector } from '../workspace/use-search-shortcut.ts';
import { pastedPurchaseReference } from '../../../shared/purchase/pasted-reference.ts';

/**
 * Whether a paste aimed here may be taken for Look up: anywhere outside a text field, and in the
 * address search box (a purchase ID is never an address, postcode or title). Other fields keep
 * what is pasted into them, and nothing behind an open dialog moves.
 */
function pasteMayLookUp(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  if (target.closest('dialog, [role="dialog"], [role="alertdialog"]') !== null) return false;
  if (target.matches(searchBoxSelector)) return true;
  const editable = target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
  return editable === null;
}

/**
 * Ctrl+V (⌘V) of a purchase ID or result URL anywhere in the window looks it up: support staff
 * copy an ID from a ticket and paste, without first finding the tab and the field.
 */
export function usePastedPurchase(onReference: (reference: string) => void): void {
  const latest = useRef(onReference);
  useEffect(() => { latest.current = onReference; });
  useEffect(() => {
    const onPaste = (event: ClipboardEvent): void => {
      if (event.defaultPrevented || !pasteMayLookUp(event.target)) return;
      const reference = pastedPurchaseReference(event.clipboardData?.getData('text/plain') ?? '');
      if (reference === undefined) return;
      event.preventDefault();
      latest.current(reference);
    };
    document.addEventListener('paste', onPaste);
    return () => { document.removeEventListener('paste', onPaste); };
  }, []);
}
