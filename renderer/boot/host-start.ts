import type { TitleDeskApi } from '../../shared/contract/api.ts';
import { postInvoke } from '../bridge/host-request.ts';
import { takeLaunchKey } from '../bridge/launch-key.ts';
import { takeOpenPurchase } from '../features/lookup/open-link.ts';
import { earlyRequest, type EarlyRequest } from './early-request.ts';

/** Which host served the page, with the environment list already asked of it. */
export type HostStart =
  | { readonly kind: 'desktop'; readonly api: TitleDeskApi; readonly environments: EarlyRequest<unknown> }
  | { readonly kind: 'web'; readonly launchKey: string | undefined; readonly environments: EarlyRequest<Response> | undefined };

/** What the page starts from: the window, in the app. */
export interface PageContext {
  /** The Electron preload's API; absent when the browser-mode host served the page. */
  readonly api?: TitleDeskApi | undefined;
  readonly location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
  readonly sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly fetch: typeof fetch;
}

export interface PageStart {
  /** A purchase to open in Look up (the desktop app, started from a titledesk:// link). */
  readonly openPurchase: string | undefined;
  readonly host: HostStart;
}

/**
 * What the page takes from its address, and the first request, before anything else is set up:
 * the first screen waits for the environment list, so it is asked for while the rest of the
 * bundle (React, the contract's schemas) is still being evaluated. Imports nothing heavy.
 */
export function startPage(page: PageContext): PageStart {
  // Before the launch key is taken: both read the fragment, and only the desktop app sets #open.
  const openPurchase = takeOpenPurchase({ location: page.location, history: page.history });
  // The Electron preload provides window.api; without it the browser-mode host served the page.
  const { api } = page;
  if (api !== undefined) {
    return { openPurchase, host: { kind: 'desktop', api, environments: earlyRequest('environment:list', () => api['environment:list'](undefined)) } };
  }
  const launchKey = takeLaunchKey({ location: page.location, history: page.history, storage: page.sessionStorage });
  const fetch = page.fetch.bind(page);
  const environments = launchKey === undefined ? undefined : earlyRequest('environment:list', () => postInvoke({ fetch, origin: '', launchKey }, 'environment:list', undefined));
  return { openPurchase, host: { kind: 'web', launchKey, environments } };
}
