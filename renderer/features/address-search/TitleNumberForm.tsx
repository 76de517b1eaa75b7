import { useId, useState, type SyntheticEvent } from 'react';
import { isTitleNumber, normalizeTitleNumber, titleNumberHint, titleNumberRefusal } from '../../../shared/title-number.ts';

/**
 * Opens a title by its number. Only characters and length are checked: an unusual shape (digits
 * only, Z1Z) gets a hint while typing but is opened all the same, and the service decides.
 */
export function TitleNumberForm({ onOpenTitle }: { readonly onOpenTitle: (titleNumber: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const hint = error === undefined ? titleNumberHint(normalizeTitleNumber(value)) : undefined;

  function onSubmit(event: SyntheticEvent): void {
    event.preventDefault();
    const title = normalizeTitleNumber(value);
    if (!isTitleNumber(title)) {
      setError(titleNumberRefusal);
      return;
    }
    setError(undefined);
    setValue('');
    onOpenTitle(title);
  }

  const describedBy = error !== undefined ? `${id}-error` : hint !== undefined ? `${id}-hint` : undefined;
  return (
    <form className="title-number-form" aria-label="Open a title" onSubmit={onSubmit} noValidate>
      <label htmlFor={id}>Title number</label>
      <input
        id={id}
        value={value}
        placeholder="DN123456"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error !== undefined}
        aria-describedby={describedBy}
        onChange={(event) => { setValue(event.target.value); if (error !== undefined) setError(undefined); }}
      />
      <button type="submit">Open title</button>
      {hint === undefined ? null : <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error === undefined ? null : <p className="field-error" id={`${id}-error`}>{error}</p>}
    </form>
  );
}
