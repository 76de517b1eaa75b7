import type { AddressCandidate } from '../../../shared/property/address.ts';
import { titleNumberHint } from '../../../shared/property/title-number.ts';
import { describeCandidate, formatCount } from './candidate-label.ts';
import { Highlighted } from './highlight.tsx';

export type SearchOption =
  | { readonly kind: 'candidate'; readonly candidate: AddressCandidate }
  | { readonly kind: 'title'; readonly titleNumber: string };

export interface SuggestionListProps {
  readonly id: string;
  readonly visible: boolean;
  readonly options: readonly SearchOption[];
  readonly active: number;
  readonly busy: boolean;
  readonly onChoose: (option: SearchOption) => void;
  readonly onHover: (index: number) => void;
}

/** The combobox's listbox. Options take no focus: the input keeps it and points at the active one. */
export function SuggestionList({ id, visible, options, active, busy, onChoose, onHover }: SuggestionListProps) {
  return (
    <ul id={id} role="listbox" aria-label="Suggestions" className="suggestions" hidden={!visible} aria-busy={busy}>
      {visible && options.length === 0 && !busy ? <li className="suggestion-empty">No matches. Try fewer words, or a postcode.</li> : null}
      {visible
        ? options.map((option, index) => (
            <li
              key={option.kind === 'title' ? `title:${option.titleNumber}` : option.candidate.id}
              id={`${id}-${String(index)}`}
              role="option"
              aria-selected={index === active}
              className="suggestion"
              // mousedown would move focus out of the input and close the list before the click.
              onMouseDown={(event) => { event.preventDefault(); }}
              onMouseMove={() => { if (index !== active) onHover(index); }}
              onClick={() => { onChoose(option); }}
            >
              {option.kind === 'title' ? <TitleOption titleNumber={option.titleNumber} /> : <CandidateOption candidate={option.candidate} />}
            </li>
          ))
        : null}
    </ul>
  );
}

function CandidateOption({ candidate }: { readonly candidate: AddressCandidate }) {
  const { description, count } = describeCandidate(candidate);
  return (
    <>
      <span className="suggestion-text">
        <Highlighted text={candidate.text} ranges={candidate.highlight.text} />
      </span>
      {description === '' ? null : (
        <span className="suggestion-description">
          {', '}
          <Highlighted text={description} ranges={candidate.highlight.description} />
        </span>
      )}
      {candidate.isContainer ? (
        <span className="suggestion-count">
          {count === undefined ? candidate.type : `: ${formatCount(count)}`}
          <span aria-hidden="true"> ›</span>
        </span>
      ) : null}
    </>
  );
}

/** An unusual shape (digits only, an old series) gets a hint, never a refusal: the service decides. */
function TitleOption({ titleNumber }: { readonly titleNumber: string }) {
  const hint = titleNumberHint(titleNumber);
  return (
    <span className="suggestion-text">
      Open title <strong>{titleNumber}</strong>
      {hint === undefined ? null : <span className="suggestion-detail title-hint">{hint}</span>}
    </span>
  );
}
