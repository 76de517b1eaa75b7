import { useId, useRef, useState, type DragEvent } from 'react';
import { flushSync } from 'react-dom';
import { decodeTextFile } from '../../../shared/files/text-file.ts';

export interface BatchFile {
  readonly name: string;
  readonly text: string;
}

/** A CSV dropped or picked; read in the page, since the core takes the text, not a path. */
export function FileDrop({ file, onFile }: { readonly file: BatchFile | undefined; readonly onFile: (file: BatchFile | undefined) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const zone = useRef<HTMLDivElement>(null);

  /**
   * Read as bytes, not File.text(): that assumes UTF-8 and turns a UTF-16 file into NULs. A file
   * read well is previewed at once, as the form's own submit would (when it can be: variables
   * chosen); the preview is free, and "Change options" goes back with the file kept.
   */
  function take(picked: File | undefined): void {
    if (picked === undefined) return;
    void picked.arrayBuffer().then((buffer) => {
      const decoded = decodeTextFile(new Uint8Array(buffer));
      setProblem(decoded.ok ? undefined : decoded.message);
      // Rendered at once, so the form submits with the file in it.
      flushSync(() => { onFile(decoded.ok ? { name: picked.name, text: decoded.text } : undefined); });
      const form = zone.current?.closest('form');
      const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]:not(:disabled)');
      if (decoded.ok && form !== null && form !== undefined && submit !== null && submit !== undefined) form.requestSubmit(submit);
    });
  }

  function onDrop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  }

  return (
    <div
      ref={zone}
      className={dragging ? 'batch-drop batch-drop-active' : 'batch-drop'}
      data-testid="batch-drop"
      onDragOver={(event) => { event.preventDefault(); setDragging(true); }}
      onDragLeave={() => { setDragging(false); }}
      onDrop={onDrop}
    >
      <p>{file === undefined ? 'Drop a CSV file here, or' : `File: ${file.name}`}</p>
      <label htmlFor={`${id}-file`}>Choose a CSV file</label>
      <input id={`${id}-file`} type="file" accept=".csv,.txt,text/csv" onChange={(event) => { take(event.target.files?.[0]); }} />
      {file === undefined ? null : <button type="button" onClick={() => { onFile(undefined); }}>Remove the file</button>}
      {problem === undefined ? null : <p role="alert">{problem}</p>}
    </div>
  );
}
