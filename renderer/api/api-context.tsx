import { createContext, useContext, type ReactNode } from 'react';
import type { TitleDeskApi } from '../../shared/contract/api.ts';

const ApiContext = createContext<TitleDeskApi | null>(null);

/** The one place the renderer receives window.api (or a test double); everything else asks useApi(). */
export function ApiProvider({ api, children }: { readonly api: TitleDeskApi; readonly children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>;
}

export function useApi(): TitleDeskApi {
  const api = useContext(ApiContext);
  if (api === null) throw new Error('useApi() needs an <ApiProvider> above it.');
  return api;
}
