import { useMutation, useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { checkPurchase, rememberPurchase } from '../purchases/purchase-queries.ts';

const rowActionKey = ['history', 'row-re-check'] as const;

/** A row's Re-check: one GET now, by the purchase ID or the result address. */
interface RowAction {
  readonly id: string;
  readonly reference: string;
}

/** What a row shows of its own latest Re-check. */
export interface RowActionState {
  readonly pending: boolean;
  readonly failure: Error | null;
}

const idle: RowActionState = { pending: false, failure: null };

function isRowAction(value: unknown): value is RowAction {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string';
}

function stateOf(mutation: Mutation): { id: string; submittedAt: number; pending: boolean; failure: Error | null } | undefined {
  const { variables, submittedAt, status, error } = mutation.state;
  return isRowAction(variables) ? { id: variables.id, submittedAt, pending: status === 'pending', failure: error } : undefined;
}

/**
 * The rows' Re-check, as one mutation for the whole table rather than two in every row: two
 * mutation observers per row, each subscribed to the mutation cache, took most of a row's render
 * time, and each refresh mounts the new rows
 * (docs/decisions/renderer/011-renderer-live-updates.md#historys-rows). A row's pending state
 * and failure are its purchase's latest Re-check in the mutation cache, so several rows can be
 * re-checked at once, each keeping its own.
 */
export function useHistoryRowActions(): { readonly reCheck: (id: string, reference: string) => void; readonly stateFor: (id: string) => RowActionState } {
  const api = useApi();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationKey: rowActionKey,
    mutationFn: ({ reference }: RowAction) => checkPurchase(api, { reference, watch: false }),
    onSuccess: (record) => { rememberPurchase(queryClient, record); },
  });
  const actions = useMutationState({ filters: { mutationKey: rowActionKey }, select: stateOf });
  const latest = useMemo(() => {
    const byId = new Map<string, RowActionState & { submittedAt: number }>();
    for (const action of actions) {
      if (action === undefined) continue;
      const known = byId.get(action.id);
      if (known === undefined || action.submittedAt >= known.submittedAt) byId.set(action.id, action);
    }
    return byId;
  }, [actions]);
  const reCheck = useCallback((id: string, reference: string): void => { mutate({ id, reference }); }, [mutate]);
  const stateFor = useCallback((id: string): RowActionState => latest.get(id) ?? idle, [latest]);
  return { reCheck, stateFor };
}
