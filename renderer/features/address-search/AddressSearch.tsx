import { useId, useLayoutEffect, useState, type KeyboardEvent } from 'react';
import type { AddressCandidate } from '../../../shared/property/address.ts';
import { isPlausibleTitleNumber } from '../../../shared/property/plausible-title-number.ts';
import { normalizeTitleNumber } from '../../../shared/property/title-number.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { useAddressSuggestions, type FindRequest } from './address-queries.ts';
import { describeCandidate, formatCount } from './candidate-label.ts';
import { forgetEarlyAddress, readEarlyAddress } from './early-address.ts';
import { SuggestionList, type SearchOption } from './SuggestionList.tsx';

interface Level {
  readonly id: string;
  readonly label: string;
  /** The search that led here, asked again with the container (typing then only filters). */
  readonly search: string;
  /** How many addresses the provider said the container holds. */
  readonly count: number | undefined;
}

/** Inside a container, typed words narrow its members here instead of searching everything. */
function narrow(candidates: readonly AddressCandidate[], filter: string): readonly AddressCandidate[] {
  const tokensOf = (value: string): string[] => value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((token) => token !== '');
  const words = tokensOf(filter);
  if (words.length === 0) return candidates;
  // Each typed word starts a word of the address: "2" finds Flat 2, not every "LS23".
  return candidates.filter((candidate) => {
    const tokens = tokensOf(`${candidate.text} ${candidate.description}`);
    return words.every((word) => tokens.some((token) => token.startsWith(word)));
  });
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
  // What was typed in index.html's box before the app started (never with a text given).
  const [early] = useState(() => (initialText === undefined ? readEarlyAddress(document) : undefined));
  const [text, setText] = useState(initialText ?? early?.text ?? '');
  const [levels, setLevels] = useState<readonly Level[]>([]);
  const [open, setOpen] = useState(initialText !== undefined || (early?.focused === true && early.text.trim() !== ''));
  const [active, setActive] = useState(-1);

  const trimmed = text.trim();
  const level = levels.at(-1);
  const request: FindRequest | undefined = level !== undefined ? { text: level.search, container: level.id } : trimmed === '' ? undefined : { text: trimmed, container: undefined };
  const suggestions = useAddressSuggestions(request);
  const members = suggestions.status === 'done' || suggestions.status === 'loading' ? suggestions.candidates : [];
  const candidates = level === undefined ? members : narrow(members, trimmed);
  const title = normalizeTitleNumber(trimmed);
  const options: SearchOption[] = candidates.map((candidate) => ({ kind: 'candidate', candidate }));
  // First, so a typed title number is one Enter away however many addresses also match.
  if (levels.length === 0 && isPlausibleTitleNumber(trimmed)) options.unshift({ kind: 'title', titleNumber: title });
  const expanded = open && request !== undefined;
  const activeOption = expanded ? options[active] : undefined;

  // Same task as the commit that took the early box away: no keystroke lands in between.
  useLayoutEffect(() => {
    if (early === undefined) return;
    forgetEarlyAddress();
    const input = document.getElementById(inputId);
    if (!early.focused || !(input instanceof HTMLInputElement)) return;
    input.focus();
    input.setSelectionRange(early.selectionStart, early.selectionEnd);
  }, [early, inputId]);

  function choose(option: SearchOption): void {
    if (option.kind === 'title') {
      setOpen(false);
      onOpenTitle(option.titleNumber);
      return;
    }
    const { candidate } = option;
    if (candidate.isContainer) {
      setLevels([...levels, { id: candidate.id, label: candidate.text, search: request?.text ?? trimmed, count: describeCandidate(candidate).count }]);
      setText('');
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
    // Back at the top, the search that led into the containers is shown again.
    setText(depth === 0 ? (levels[0]?.search ?? text) : '');
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
        placeholder={level === undefined ? 'e.g. LS23 6T or WYK87701' : `Type to narrow ${level.label}, e.g. a flat number`}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption === undefined ? undefined : `${listId}-${String(active)}`}
        value={text}
        onChange={(event) => { if (level === undefined) reset(event.target.value); else { setText(event.target.value); setActive(-1); setOpen(true); } }}
        onKeyDown={onKeyDown}
        onFocus={() => { if (request !== undefined) setOpen(true); }}
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
      {expanded && level !== undefined && suggestions.status === 'done' ? (
        <p className="suggestion-note muted">{describeLevel(level, members.length, candidates.length, trimmed !== '')}</p>
      ) : null}
      {/* Without the address provider the service's own postcode search answers, and says what it cannot do. */}
      {expanded && suggestions.status === 'done' && suggestions.note !== undefined ? <p className="suggestion-note muted">{suggestions.note}</p> : null}
      <p className="visually-hidden" role="status">
        {expanded && suggestions.status === 'done' ? describeResults(options.length, levels.at(-1)) : ''}
      </p>
      {/* A typed title number opens without the address provider: its absence is then no error. */}
      {suggestions.status === 'error' && request !== undefined && !options.some((option) => option.kind === 'title') ? <ErrorNotice error={suggestions.error} /> : null}
    </div>
  );
}

/** "10 of 28: type a flat number" when the provider gave fewer than the container holds. */
function describeLevel(level: Level, received: number, shown: number, narrowing: boolean): string {
  const total = Math.max(level.count ?? received, received);
  if (narrowing) return `${String(shown)} of ${formatCount(total)} in ${level.label} match.`;
  if (received < total) return `${String(received)} of ${formatCount(total)}: type a flat or house number to narrow.`;
  return `All ${formatCount(total)} in ${level.label}.`;
}

function describeResults(count: number, level: Level | undefined): string {
  const where = level === undefined ? '' : ` in ${level.label}`;
  if (count === 0) return `No matches${where}.`;
  return `${String(count)} ${count === 1 ? 'suggestion' : 'suggestions'}${where}. Use the up and down arrows to choose.`;
}
