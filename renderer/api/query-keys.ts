import type { HistoryQuery } from '../../shared/purchase/purchase.ts';

/**
 * One key factory per feature, kept together so a feature can invalidate another's cache
 * (a rejected refresh token changes both the auth state and the credential status) without
 * the query modules importing each other.
 */
export const environmentKeys = {
  all: ['environments'] as const,
  list: () => [...environmentKeys.all, 'list'] as const,
};

export const authKeys = {
  all: ['auth'] as const,
  state: (environmentId: string) => [...authKeys.all, 'state', environmentId] as const,
};

export const credentialKeys = {
  all: ['credentials'] as const,
  status: (environmentId: string) => [...credentialKeys.all, 'status', environmentId] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  advanced: () => [...settingsKeys.all, 'advanced'] as const,
};

export const journalKeys = {
  status: () => ['journal', 'status'] as const,
};

export const sandboxKeys = {
  all: ['sandbox'] as const,
  info: () => [...sandboxKeys.all, 'info'] as const,
  faults: () => [...sandboxKeys.all, 'faults'] as const,
};

/** The screens that read purchases arrive with the purchase panel; pushed updates land here already. */
export const purchaseKeys = {
  all: ['purchases'] as const,
  lists: () => [...purchaseKeys.all, 'list'] as const,
  list: (query: HistoryQuery | undefined) => [...purchaseKeys.lists(), query ?? {}] as const,
  /** History's pages of summaries (purchase:history), refreshed with the lists. */
  summaries: (query: HistoryQuery) => [...purchaseKeys.lists(), 'summaries', query] as const,
  detail: (id: string) => [...purchaseKeys.all, 'detail', id] as const,
  /**
   * The purchases of an environment never sent. Not among the lists: a pushed update refreshes it
   * only when it changes which purchases are not sent (use-contract-events.ts).
   */
  notSent: (environmentId: string) => [...purchaseKeys.all, 'not-sent', environmentId] as const,
};

/** Under the purchase root: an environment switch (which invalidates purchases) refreshes these too. */
export const spendingKeys = {
  all: [...purchaseKeys.all, 'spending'] as const,
  status: (environmentId: string) => [...spendingKeys.all, 'status', environmentId] as const,
  history: (environmentId: string) => [...spendingKeys.all, 'history', environmentId] as const,
};

export const batchKeys = {
  all: [...purchaseKeys.all, 'batches'] as const,
  summary: (id: string) => [...batchKeys.all, 'summary', id] as const,
  items: (id: string) => [...batchKeys.all, 'items', id] as const,
};

/** Settings → Team (the setting, never its password) and the link's state in the header. */
export const teamKeys = {
  all: ['team'] as const,
  setting: () => [...teamKeys.all, 'setting'] as const,
  status: () => [...teamKeys.all, 'status'] as const,
  admin: () => [...teamKeys.all, 'admin'] as const,
};

export const presetKeys = {
  all: ['presets'] as const,
  list: () => [...presetKeys.all, 'list'] as const,
};
