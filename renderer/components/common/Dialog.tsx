import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';

export interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>`: showModal() puts it in the top layer and makes the rest
 * of the page inert (no focus, no clicks), and Esc arrives as its `cancel` event wherever focus is.
 * Focus returns to whatever opened it.
 */
export function Dialog({ title, onClose, children }: DialogProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement;
    if (element !== null && !element.open) {
      element.showModal();
      // showModal focuses the first control (Close). A dialog asking for one decision focuses its
      // primary action (marked data-autofocus), so Enter confirms; any other is read from its title.
      const primary = element.querySelector<HTMLElement>('[data-autofocus]');
      if (primary === null) element.focus();
      else primary.focus();
    }
    return () => {
      // Closed before the opener is focused: while the dialog is modal the opener is inert.
      element?.close();
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);

  // The parent decides when the dialog goes: it stays open until it is no longer rendered.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>): void {
    event.preventDefault();
    onClose();
  }

  return (
    <dialog className="dialog" aria-labelledby={titleId} tabIndex={-1} ref={dialog} onCancel={onCancel}>
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button-quiet" onClick={onClose} aria-label={`Close ${title.toLowerCase()}`}>
          Close
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
