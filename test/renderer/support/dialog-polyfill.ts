/**
 * jsdom has HTMLDialogElement without showModal() and close(). This stands in for the part the
 * components rely on: the open state, and Esc as a cancelable `cancel` event on the topmost modal
 * dialog (closing it unless prevented), as the browser sends it wherever focus is. The top layer
 * and the inertness of the page behind are not imitated:
 * test/e2e/keyboard-and-dialogs/dialogs.spec.ts checks those in Chromium.
 */
const modals: HTMLDialogElement[] = [];

function close(this: HTMLDialogElement): void {
  if (!this.open) return;
  this.open = false;
  const at = modals.indexOf(this);
  if (at >= 0) modals.splice(at, 1);
  this.dispatchEvent(new Event('close'));
}

function showModal(this: HTMLDialogElement): void {
  if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
  this.open = true;
  modals.push(this);
}

// Only where jsdom lacks them: a jsdom that has them is tested as it is.
const prototype: Partial<HTMLDialogElement> = HTMLDialogElement.prototype;
if (prototype.showModal === undefined) {
  Object.assign(HTMLDialogElement.prototype, { showModal, close });
  // After the page's own handlers, as in the browser: an Esc they prevented closes nothing.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modals.findLast((dialog) => dialog.isConnected);
    if (top !== undefined && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
