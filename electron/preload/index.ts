import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventChannelList, isEventChannelName, pageListeningChannel, requestChannelList } from '../../shared/contract/channel-names.ts';

/**
 * The only bridge between the sandboxed renderer and the main process, exposed as window.api
 * (shared/contract/api.ts types it for the renderer). One function per request channel that
 * forwards its payload, and event subscriptions that hand over the payload alone: never
 * ipcRenderer, never the IpcRendererEvent (its `sender` is ipcRenderer), never process. Main
 * checks the sender and parses every payload, so nothing here trusts or validates the page.
 */
function invoker(channel: string): (request?: unknown) => Promise<unknown> {
  return (request) => ipcRenderer.invoke(channel, request) as Promise<unknown>;
}

function on(event: unknown, listener: unknown): () => void {
  if (!isEventChannelName(event)) throw new TypeError(`Unknown event channel; expected one of ${eventChannelList.join(', ')}.`);
  if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
  const forward = (_event: IpcRendererEvent, payload: unknown): void => {
    Reflect.apply(listener, undefined, [payload]);
  };
  ipcRenderer.on(event, forward);
  // Main holds some events (app:open-purchase) until the page listens for them.
  ipcRenderer.send(pageListeningChannel, event);
  return () => {
    ipcRenderer.removeListener(event, forward);
  };
}

const api: Readonly<Record<string, unknown>> = Object.freeze({
  ...Object.fromEntries(requestChannelList.map((channel) => [channel, invoker(channel)])),
  on,
});

contextBridge.exposeInMainWorld('api', api);
