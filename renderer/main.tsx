import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api/api-context.tsx';
import { environmentsQuery } from './api/environment-queries.ts';
import { createQueryClient } from './api/query-client.ts';
import { App } from './App.tsx';
import { checkedApi } from './bridge/checked-api.ts';
import { takeLaunchKey } from './bridge/launch-key.ts';
import { createWebBridge } from './bridge/web-bridge.ts';
import { takeOpenPurchase } from './features/lookup/open-request.ts';
import './styles.css';

// Before the web bridge takes its key: both read the fragment, and only the desktop app sets #open.
const openPurchase = takeOpenPurchase({ location: window.location, history: window.history });

/**
 * The Electron preload provides window.api; without it this page was served by the
 * browser-mode host, so the web bridge stands in. Nothing below knows which it got.
 */
const api =
  window.api === undefined
    ? createWebBridge({
        launchKey: takeLaunchKey({ location: window.location, history: window.history, storage: window.sessionStorage }),
        fetch: window.fetch.bind(window),
      })
    : checkedApi(window.api);

// The environment list gates the first screen: it is asked for now, while React mounts, not after.
const queryClient = createQueryClient();
void queryClient.query(environmentsQuery(api)).catch(() => undefined);

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <App openPurchase={openPurchase} />
      </QueryClientProvider>
    </ApiProvider>
  </StrictMode>,
);
