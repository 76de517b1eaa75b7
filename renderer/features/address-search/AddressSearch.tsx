import { useId, useState, type KeyboardEvent } from 'react';
import type { AddressCandidate } from '../../../shared/address.ts';
import { isPlausibleTitleNumber } from '../../../shared/plausible-title-number.ts';
import { normalizeTitleNumber } from '../../../shared/title-number.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { useAddressSuggestions, type FindRequest } from './address-queries.ts';
import { SuggestionList, type SearchOption } from './SuggestionList.tsx';

interface Level {
  readonly id: string;
  readonly label: string;
}

export interface AddressSearchProps {
  readonly onSelectAddress: (candidate: AddressCandidate) => void;
  readonly onOpenTitle: (titleNumber: string) => void;
  /** Text to start with (the first-run hint fills in a sample search); focuses the box. */
  readonly initialText?: string;
}

/**
 * The address combobox: suggestions as you type, containers drilled into with a breadcrumb
 * back, ↑ ↓ Enter Esc from the keyboard. A typed title number is offered as a title to open.
 */
export function AddressSearch({ onSelectAddress, onOpenTitle, initialText }: AddressSearchProps) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState(initialText ?? '');
  const [levels, setLevels] = useState<readonly Level[]>([]);
  const [open, setOpen] = useState(initialText !== undefined);
  const [active, setActive] = useState(-1);

  const trimmed = text.trim();
  const request: FindRequest | undefined = trimmed === '' ? undefined : { text: trimmed, container: levels.at(-1)?.id };
  const suggestions = useAddressSuggestions(request);
  const candidates = suggestions.status === 'done' || suggestions.status === 'loading' ? suggestions.candidates : [];
  const title = normalizeTitleNumber(trimmed);
  const options: SearchOption[] = candidates.map((candidate) => ({ kind: 'candidate', candidate }));
  // First, so a typed title number is one Enter away however many addresses also match.
  if (levels.length === 0 && isPlausibleTitleNumber(trimmed)) options.unshift({ kind: 'title', titleNumber: title });
  const expanded = open && request !== undefined;
  const activeOption = expanded ? options[active] : undefined;

  function choose(option: SearchOption): void {
    if (option.kind === 'title') {
      setOpen(false);
      onOpenTitle(option.titleNumber);
      return;
    }
    const { candidate } = option;
    if (candidate.isContainer) {
      setLevels([...levels, { id: candidate.id, label: candidate.text }]);
      setActive(-1);
      setOpen(true);
      return;
    }
    setOpen(false);
    onSelectAddress(candidate);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!expanded) setOpen(true);
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
        return;
      }
      case 'Enter':
        if (activeOption !== undefined) {
          event.preventDefault();
          choose(activeOption);
        }
        return;
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else reset('');
        return;
      default:
    }
  }

  function reset(value: string): void {
    setText(value);
    setLevels([]);
    setActive(-1);
    setOpen(value.trim() !== '');
  }

  function goToLevel(depth: number): void {
    setLevels(levels.slice(0, depth));
    setActive(-1);
    setOpen(true);
    document.getElementById(inputId)?.focus();
  }

  return (
    <div className="address-search">
      <label htmlFor={inputId} className="address-search-label">Address, postcode or title number</label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        autoFocus={initialText !== undefined}
        placeholder="e.g. LS23 6T or WYK87701"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption === undefined ? undefined : `${listId}-${String(active)}`}
        value={text}
        onChange={(event) => { reset(event.target.value); }}
        onKeyDown={onKeyDown}
        onFocus={() => { if (trimmed !== '') setOpen(true); }}
        onBlur={() => { setOpen(false); }}
      />
      {levels.length === 0 ? null : (
        <nav className="breadcrumb" aria-label="Address levels">
          <ol>
            <li><button type="button" className="button-link" onMouseDown={(event) => { event.preventDefault(); }} onClick={() => { goToLevel(0); }}>All results</button></li>
            {levels.map((level, depth) => (
              <li key={level.id}>
                {depth === levels.length - 1 ? (
                  <span aria-current="location">{level.label}</span>
                ) : (
                  <button type="button" className="button-link" onMouseDown={(event) => { event.preventDefault(); }} onClick={() => { goToLevel(depth + 1); }}>{level.label}</button>
                )}
              </li>
            ))}
          </ol>
        </nav>
      )}
      <SuggestionList
        id={listId}
        visible={expanded}
        options={options}
        active={active}
        busy={suggestions.status === 'loading'}
        onChoose={choose}
        onHover={setActive}
      />
      <p className="visually-hidden" role="status">
        {expanded && suggestions.status === 'done' ? describeResults(options.length, levels.at(-1)) : ''}
      </p>
      {suggestions.status === 'error' && request !== undefined ? <ErrorNotice error={suggestions.error} /> : null}
    </div>
  );
}

function describeResults(count: number, level: Level | undefined): string {
  const where = level === undefined ? '' : ` in ${level.label}`;
  if (count === 0) return `No matches${where}.`;
  return `${String(count)} ${count === 1 ? 'suggestion' : 'suggestions'}${where}. Use the up and down arrows to choose.`;
}
