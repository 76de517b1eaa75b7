import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiProvider } from '../../../renderer/api/api-context.tsx';
import { createQueryClient } from '../../../renderer/api/query-client.ts';
import type { TitleDeskApi } from '../../../shared/contract/api.ts';

/** Renders with the same providers main.tsx installs, around the given api. */
export function renderWithApi(api: TitleDeskApi, ui: ReactNode, queryClient: QueryClient = createQueryClient()): RenderResult {
  return render(
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </ApiProvider>,
  );
}
