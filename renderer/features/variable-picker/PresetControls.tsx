import { useId, useState } from 'react';
import { deletePreset, loadSavedPresets, savePreset, valuationPack, type Preset } from './presets.ts';

export interface PresetControlsProps {
  /** Keys of the current selection, for saving it. */
  readonly selectedKeys: readonly string[];
  /** Adds the preset's variables; returns what it could not find in this catalog. */
  readonly onApply: (preset: Preset) => void;
}

/** Saved selections: the built-in Valuation pack and the user's own, kept on this computer. */
export function PresetControls({ selectedKeys, onApply }: PresetControlsProps) {
  const id = useId();
  const [saved, setSaved] = useState<readonly Preset[]>(loadSavedPresets);
  const [chosen, setChosen] = useState(valuationPack.name);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const presets = [valuationPack, ...saved];
  const current = presets.find((preset) => preset.name === chosen) ?? valuationPack;

  function save(): void {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed === valuationPack.name) return;
    setSaved(savePreset(saved, { name: trimmed, keys: selectedKeys }));
    setChosen(trimmed);
    setNaming(false);
    setName('');
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
        <button type="button" className="button-quiet" onClick={() => { setSaved(deletePreset(saved, current.name)); setChosen(valuationPack.name); }}>
          Delete preset
        </button>
      )}
      {naming ? (
        <form className="inline-confirm" aria-label="Save preset" onSubmit={(event) => { event.preventDefault(); save(); }}>
          <label htmlFor={`${id}-name`} className="visually-hidden">Preset name</label>
          <input id={`${id}-name`} value={name} placeholder="Preset name" onChange={(event) => { setName(event.target.value); }} />
          <button type="submit" disabled={name.trim() === '' || name.trim() === valuationPack.name}>Save</button>
          <button type="button" className="button-quiet" onClick={() => { setNaming(false); }}>Cancel</button>
        </form>
      ) : (
        <button type="button" className="button-quiet" disabled={selectedKeys.length === 0} onClick={() => { setNaming(true); }}>
          Save selection as preset…
        </button>
      )}
    </div>
  );
}
