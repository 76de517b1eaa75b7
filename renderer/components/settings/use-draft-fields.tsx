import { useId, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { TextField } from '../common/TextField.tsx';

export interface DraftFields<K extends string> {
  /** The form's own id: its fields' ids start with it. */
  readonly id: string;
  readonly draft: Readonly<Record<K, string>>;
  readonly setDraft: Dispatch<SetStateAction<Record<K, string>>>;
  readonly setErrors: Dispatch<SetStateAction<Partial<Record<K, string>>>>;
  /** The last save went through and nothing was typed since. */
  readonly saved: boolean;
  readonly setSaved: Dispatch<SetStateAction<boolean>>;
  /** The key's text field with its draft value and problem; typing in it clears "saved". */
  readonly field: (key: K, label: string, hint: string, placeholder?: string) => ReactNode;
}

/**
 * A settings form's text fields kept as a draft of strings, each with its problem in words: what
 * the team form and the team settings block share, so both behave the same as a person types.
 */
export function useDraftFields<K extends string>(initial: () => Record<K, string>): DraftFields<K> {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [saved, setSaved] = useState(false);
  const field = (key: K, label: string, hint: string, placeholder?: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      hint={hint}
      value={draft[key]}
      spellCheck={false}
      autoComplete="off"
      {...(placeholder === undefined ? {} : { placeholder })}
      onChange={(event) => { setSaved(false); setDraft((current) => ({ ...current, [key]: event.target.value })); }}
      {...(errors[key] === undefined ? {} : { error: errors[key] })}
    />
  );
  return { id, draft, setDraft, setErrors, saved, setSaved, field };
}
