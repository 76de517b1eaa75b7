import { useId, useState } from 'react';
import type { BatchFrom, BatchTenure } from '../../../shared/purchase/batch.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { usePresetsQuery } from '../../api/preset-queries.ts';
import { lastSelection, valuationPack, type Preset } from '../variable-picker/presets.ts';
import { parseIriList } from '../variable-picker/catalog-selection.ts';
import type { PreviewInput } from './batch-queries.ts';
import { FileDrop, type BatchFile } from './FileDrop.tsx';

export interface BatchInputProps {
  readonly environment: Environment;
  readonly pending: boolean;
  readonly onPreview: (input: PreviewInput) => void;
}

/** Variables from a preset's keys or pasted IRIs; a key or /vars/ path means this environment's variable. */
function variablesFrom(environment: Environment, presets: readonly Preset[], presetName: string, pasted: string): string[] {
  const base = environment.baseUrl.replace(/\/$/, '');
  const preset = presets.find((candidate) => candidate.name === presetName);
  const keys = preset?.keys.map((key) => `${base}/vars/${key}`) ?? [];
  const iris = parseIriList(pasted).map((iri) => (iri.startsWith('/vars/') ? `${base}${iri}` : iri));
  return [...new Set([...keys, ...iris])];
}

/** The file (dropped, picked or pasted), the variables and the tenure of a batch. */
export function BatchInput({ environment, pending, onPreview }: BatchInputProps) {
  const id = useId();
  const [file, setFile] = useState<BatchFile | undefined>();
  const [pasted, setPasted] = useState('');
  const [presetName, setPresetName] = useState(() => lastSelection()?.name ?? valuationPack.name);
  const [iris, setIris] = useState('');
  const [tenure, setTenure] = useState<BatchTenure>('all');
  const [from, setFrom] = useState<BatchFrom>('titles');
  const [buyAgain, setBuyAgain] = useState(false);
  const selection = lastSelection();
  const saved = usePresetsQuery().data?.presets ?? [valuationPack];
  const presets = [...(selection === undefined ? [] : [selection]), ...saved];
  const variables = variablesFrom(environment, presets, presetName, iris);
  const csv = file?.text ?? pasted;

  return (
    <form className="batch-input" aria-label="New batch" onSubmit={(event) => {
      event.preventDefault();
      onPreview({ source: file?.name ?? 'pasted rows', csv, variables, tenure, from, buyAgain });
    }}>
      <FileDrop file={file} onFile={setFile} />
      {file === undefined ? (
        <div className="field">
          <label htmlFor={`${id}-paste`}>Or paste rows from a spreadsheet (with the header row)</label>
          <textarea id={`${id}-paste`} rows={4} value={pasted} onChange={(event) => { setPasted(event.target.value); }} />
        </div>
      ) : null}
      <p className="field-hint">Columns (any case): title_number; or udprn (and umrrn); or address; or postcode and building. Other columns are kept.</p>
      <div className="batch-options">
        <div className="field">
          <label htmlFor={`${id}-preset`}>Variables: preset</label>
          <select id={`${id}-preset`} value={presetName} onChange={(event) => { setPresetName(event.target.value); }}>
            <option value="">None</option>
            {presets.map((preset) => <option key={preset.name} value={preset.name}>{`${preset.name} (${String(preset.keys.length)})`}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-iris`}>and variable IRIs (one a line)</label>
          <textarea id={`${id}-iris`} rows={2} value={iris} onChange={(event) => { setIris(event.target.value); }} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>Rows with an address buy from</label>
          <select id={`${id}-from`} value={from} aria-describedby={`${id}-from-hint`} onChange={(event) => { setFrom(event.target.value === 'address' ? 'address' : event.target.value === 'uprn' ? 'uprn' : 'titles'); }}>
            <option value="titles">Its titles</option>
            <option value="address">The address’s own catalog</option>
            <option value="uprn">Its UPRN’s catalog</option>
          </select>
          <span className="field-hint" id={`${id}-from-hint`}>Rows with a title number buy from that title.</span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-tenure`}>Titles of an address</label>
          {/* Only titles have a tenure: the choice waits while address rows buy from elsewhere. */}
          <select id={`${id}-tenure`} value={tenure} disabled={from !== 'titles'} onChange={(event) => { setTenure(event.target.value === 'freehold' ? 'freehold' : event.target.value === 'leasehold' ? 'leasehold' : 'all'); }}>
            <option value="all">All titles</option>
            <option value="freehold">Freehold only</option>
            <option value="leasehold">Leasehold only</option>
          </select>
        </div>
        <label>
          <input type="checkbox" checked={buyAgain} onChange={(event) => { setBuyAgain(event.target.checked); }} />
          Buy again anyway (do not reuse variables bought recently)
        </label>
      </div>
      <button type="submit" className="button-primary" disabled={pending || csv.trim() === '' || variables.length === 0}>
        {pending ? 'Preparing the preview…' : `Preview the batch (${String(variables.length)} variables)`}
      </button>
    </form>
  );
}
