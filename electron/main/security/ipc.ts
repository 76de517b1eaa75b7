// Types only: ipcMain is handed in, so this logic loads and is unit-tested without the Electron binary.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { Result } from '../../../shared/contract/result.ts';
import type { ContractEvents, ContractRouter } from '../../core/router/router-types.ts';

/**
 * Registers every contract channel on ipcMain. Each handler first checks that the call comes from
 * our window's main frame showing our own renderer, and only then lets the router parse the payload.
 */
export function registerContract(options: {
  ipc: Pick<IpcMain, 'handle' | 'removeHandler'>;
  channels: readonly string[];
  router: ContractRouter;
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
}): () => void {
  const { ipc } = options;
  for (const channel of options.channels) {
    ipc.handle(channel, async (event, payload: unknown): Promise<Result<unknown>> => {
      if (!options.isTrustedSender(event)) {
        return { ok: false, error: { code: 'validation', message: 'Refused: the request did not come from the TitleDesk window.' } };
      }
      return options.router.dispatch(channel, payload);
    });
  }
  return () => {
    for (const channel of options.channels) ipc.removeHandler(channel);
  };
}

/** The sender is trusted when it is the given window's top frame and shows the bundled renderer. */
export function createSenderCheck(
  window: () => Pick<WebContents, 'id' | 'mainFrame'> | undefined,
  rendererUrl: string,
): (event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>) => boolean {
  return (event) => {
    const contents = window();
    const frame = event.senderFrame;
    if (contents === undefined || frame === null) return false;
    return event.sender.id === contents.id && frame === contents.mainFrame && withoutFragment(frame.url) === rendererUrl;
  };
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** Forwards the contract's events to the window, for as long as it exists. */
export function forwardEvents(events: ContractEvents, window: () => Pick<WebContents, 'isDestroyed' | 'send'> | undefined): () => void {
  return events.subscribe((channel, payload) => {
    const contents = window();
    if (contents !== undefined && !contents.isDestroyed()) contents.send(channel, payload);
  });
}
