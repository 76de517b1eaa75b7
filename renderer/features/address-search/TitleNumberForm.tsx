import { useId, useState, type SyntheticEvent } from 'react';
import { isTitleNumber, normalizeTitleNumber } from '../../../shared/title-number.ts';

/** Opens a title by its number, checked against the England and Wales format first. */
export function TitleNumberForm({ onOpenTitle }: { readonly onOpenTitle: (titleNumber: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: SyntheticEvent): void {
    event.preventDefault();
    const title = normalizeTitleNumber(value);
    if (!isTitleNumber(title)) {
      setError('Not an England and Wales title number: one to three letters, then up to six digits (e.g. DN123456).');
      return;
    }
    setError(undefined);
    setValue('');
    onOpenTitle(title);
  }

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
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        onChange={(event) => { setValue(event.target.value); if (error !== undefined) setError(undefined); }}
      />
      <button type="submit">Open title</button>
      {error === undefined ? null : <p className="field-error" id={`${id}-error`}>{error}</p>}
    </form>
  );
}
