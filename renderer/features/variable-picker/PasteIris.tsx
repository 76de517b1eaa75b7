import { useId, useState } from 'react';
import { parseIriList } from './catalog-selection.ts';

export interface PasteIrisProps {
  /** Selects what it can; returns the entries not in this catalog. */
  readonly onSelect: (entries: readonly string[]) => { selected: number; unknown: readonly string[] };
}

/** A list of variable IRIs pasted from elsewhere (a spreadsheet, a ticket), one per line. */
export function PasteIris({ onSelect }: PasteIrisProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<{ selected: number; unknown: readonly string[] } | undefined>();
  return (
    <details className="paste-iris">
      <summary>Paste variable IRIs</summary>
      <label htmlFor={id}>Variable IRIs, one per line</label>
      <textarea id={id} rows={4} value={text} spellCheck={false} onChange={(event) => { setText(event.target.value); }} />
      <button
        type="button"
        disabled={text.trim() === ''}
        onClick={() => {
          setOutcome(onSelect(parseIriList(text)));
          setText('');
        }}
      >
        Select these
      </button>
      <div role="status">
        {outcome === undefined ? null : (
          <>
            <p>{outcome.selected} {outcome.selected === 1 ? 'variable' : 'variables'} selected.</p>
            {outcome.unknown.length === 0 ? null : (
              <>
                <p className="field-error">Not in this title’s catalog ({outcome.unknown.length}):</p>
                <ul className="unknown-iris">{outcome.unknown.map((entry) => <li key={entry}><code>{entry}</code></li>)}</ul>
              </>
            )}
          </>
        )}
      </div>
    </details>
  );
}
