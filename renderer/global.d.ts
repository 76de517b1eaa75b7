import type { TitleDeskApi } from '../shared/contract/api.ts';

declare global {
  interface Window {
    /** Provided by the Electron preload; absent in browser mode until the web bridge is installed. */
    readonly api?: TitleDeskApi;
  }
}
