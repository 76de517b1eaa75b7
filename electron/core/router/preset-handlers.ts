import { builtInPresets, presetList, type PresetList } from '../../../shared/catalog/variable-presets.ts';
import { CoreError } from '../errors.ts';
import type { EnvironmentRegistry } from '../env/environment-registry.ts';
import type { ContractHandlers } from './create-router.ts';

type PresetChannels = 'presets:list' | 'presets:save' | 'presets:delete';

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Saved variable presets live in settings, where the desktop app, browser mode and the CLI all read them. */
export function presetHandlers(environments: EnvironmentRegistry): Pick<ContractHandlers, PresetChannels> {
  const list = (): Promise<PresetList> => Promise.resolve(presetList(environments.savedPresets()));
  return {
    'presets:list': list,
    'presets:save': async ({ name, keys }) => {
      if (builtInPresets.some((preset) => sameName(preset.name, name))) {
        throw new CoreError('validation', `"${name}" is a built-in preset; save yours under another name.`);
      }
      const others = environments.savedPresets().filter((preset) => !sameName(preset.name, name));
      environments.setSavedPresets([...others, { name, keys: [...new Set(keys)] }]);
      return list();
    },
    'presets:delete': async ({ name }) => {
      const saved = environments.savedPresets();
      if (!saved.some((preset) => sameName(preset.name, name))) throw new CoreError('not_found', `There is no saved preset named "${name}".`);
      environments.setSavedPresets(saved.filter((preset) => !sameName(preset.name, name)));
      return list();
    },
  };
}
