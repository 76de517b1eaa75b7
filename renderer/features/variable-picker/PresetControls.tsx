import { useId, useState } from 'react';
import { useDeletePresetMutation, useMoveLocalPresets, usePresetsQuery, useSavePresetMutation } from '../../api/preset-queries.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { valuationPack, type Preset } from './presets.ts';

export interface PresetControlsProps {
  /** Keys of the current selection, for saving it. */
  readonly selectedKeys: readonly string[];
  /** Adds the preset's variables; returns what it could not find in this catalog. */
  readonly onApply: (preset: Preset) => void;
}

const isBuiltInName = (presets: readonly Preset[], name: string): boolean =>
  presets.some((preset) => preset.builtIn === true && preset.name.toLowerCase() === name.trim().toLowerCase());

/** Saved selections: the built-in Valuation pack and the user's own, kept in settings (the CLI's --preset reads them). */
export function PresetControls({ selectedKeys, onApply }: PresetControlsProps) {
  const id = useId();
  useMoveLocalPresets();
  const list = usePresetsQuery();
  const saveMutation = useSavePresetMutation();
  const deleteMutation = useDeletePresetMutation();
  const [chosen, setChosen] = useState(valuationPack.name);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const presets: readonly Preset[] = list.data?.presets ?? [valuationPack];
  const current = presets.find((preset) => preset.name === chosen) ?? presets[0] ?? valuationPack;
  const nameRefused = name.trim() === '' || isBuiltInName(presets, name);

  function save(): void {
    const trimmed = name.trim();
    if (nameRefused) return;
    saveMutation.mutate({ name: trimmed, keys: [...selectedKeys] }, {
      onSuccess: () => {
        setChosen(trimmed);
        setNaming(false);
        setName('');
      },
    });
  }

  return (
    <div className="preset-controls">
      <label htmlFor={id}>Preset</label>
      <select id={id} value={current.name} onChange={(event) => { setChosen(event.target.value); }}>
        {presets.map((preset) => (
          <option key={preset.name} value={preset.name}>{preset.name} ({preset.keys.length})</option>
        ))}
      </select>
      <button type="button" onClick={() => { onApply(current); }}>Add preset</button>
      {current.builtIn === true ? null : (
        <button type="button" className="button-quiet" disabled={deleteMutation.isPending} onClick={() => {
          deleteMutation.mutate(current.name, { onSuccess: () => { setChosen(valuationPack.name); } });
        }}>
          Delete preset
        </button>
      )}
      {naming ? (
        <form className="inline-confirm" aria-label="Save preset" onSubmit={(event) => { event.preventDefault(); save(); }}>
          <label htmlFor={`${id}-name`} className="visually-hidden">Preset name</label>
          <input id={`${id}-name`} value={name} maxLength={80} placeholder="Preset name" onChange={(event) => { setName(event.target.value); }} />
          <button type="submit" disabled={nameRefused || saveMutation.isPending}>Save</button>
          <button type="button" className="button-quiet" onClick={() => { setNaming(false); }}>Cancel</button>
        </form>
      ) : (
        <button type="button" className="button-quiet" disabled={selectedKeys.length === 0} onClick={() => { setNaming(true); }}>
          Save selection as preset…
        </button>
      )}
      {saveMutation.error === null ? null : <ErrorNotice error={saveMutation.error} />}
      {deleteMutation.error === null ? null : <ErrorNotice error={deleteMutation.error} />}
    </div>
  );
}
