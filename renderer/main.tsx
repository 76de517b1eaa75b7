// First of all (and a <script> of its own, ahead of this bundle): takes the page's address apart
// and asks for the environment list (boot/page-start.ts). zod never tries eval: the build sets
// its jitless mode inside zod itself (build/zod-without-eval.ts).
import { pageStart } from './boot/page-start.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api/api-context.tsx';
import { environmentsQuery } from './api/environment-queries.ts';
import { createQueryClient } from './api/query-client.ts';
import { App } from './App.tsx';
import { checkedApi } from './bridge/checked-api.ts';
import { createWebBridge } from './bridge/web-bridge.ts';
import { readEarlyAddress } from './features/address-search/early-address.ts';
import { makeWhenIdle } from './on-first-use.ts';
import './styles.css';

/** Nothing below knows which host it got: the desktop app's preload, or the browser-mode host. */
const { host, openPurchase } = pageStart;
const api =
  host.kind === 'desktop'
    ? checkedApi(host.api, host.environments)
    : createWebBridge({ launchKey: host.launchKey, fetch: window.fetch.bind(window), early: host.environments });

// The first screen needs the environment list, asked for before the rest of the bundle was
// evaluated: React renders once its answer is in (a few milliseconds), so the first render is the
// working screen rather than a "Starting…" screen that renders again. index.html says "Starting…"
// until then, with an address box that already takes typing; a failure is left in the query for
// App to show, with Try again.
const queryClient = createQueryClient();
const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element.');
const root = createRoot(container);
void queryClient.query(environmentsQuery(api)).catch(() => undefined).then(() => {
  // Kept for the address box in case the first screen is an error (the box then comes later).
  readEarlyAddress(document);
  root.render(
    <StrictMode>
      <ApiProvider api={api}>
        <QueryClientProvider client={queryClient}>
          <App openPurchase={openPurchase} />
        </QueryClientProvider>
      </ApiProvider>
    </StrictMode>,
  );
  makeWhenIdle();
});
