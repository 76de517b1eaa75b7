import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PresetList, SavedPreset } from '../../shared/catalog/variable-presets.ts';
import { takeLocalPresets } from '../features/variable-picker/presets.ts';
import { useApi } from './api-context.tsx';
import { call } from './call.ts';
import { presetKeys } from './query-keys.ts';

/** The built-in presets and the user's own, which live in settings (so the CLI's --preset finds them). */
export function usePresetsQuery() {
  const api = useApi();
  return useQuery({ queryKey: presetKeys.list(), queryFn: () => call(api, 'presets:list', undefined) });
}

export function useSavePresetMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preset: SavedPreset) => call(api, 'presets:save', preset),
    onSuccess: (list: PresetList) => { queryClient.setQueryData(presetKeys.list(), list); },
  });
}

export function useDeletePresetMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(api, 'presets:delete', { name }),
    onSuccess: (list: PresetList) => { queryClient.setQueryData(presetKeys.list(), list); },
  });
}

/**
 * Presets saved before they moved to settings were kept in this window's storage: they are
 * saved to settings once, then forgotten here, so none is lost and none is kept twice.
 */
export function useMoveLocalPresets(): void {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    const local = takeLocalPresets();
    if (local.length === 0) return;
    void (async () => {
      for (const preset of local) await call(api, 'presets:save', preset).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: presetKeys.all });
    })();
  }, [api, queryClient]);
}
