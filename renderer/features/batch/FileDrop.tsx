import { useId, useState, type DragEvent } from 'react';
import { decodeTextFile } from '../../../shared/text-file.ts';

export interface BatchFile {
  readonly name: string;
  readonly text: string;
}

/** A CSV dropped or picked; read in the page, since the core takes the text, not a path. */
export function FileDrop({ file, onFile }: { readonly file: BatchFile | undefined; readonly onFile: (file: BatchFile | undefined) => void }) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  /** Read as bytes, not File.text(): that assumes UTF-8 and turns a UTF-16 file into NULs. */
  function take(picked: File | undefined): void {
    if (picked === undefined) return;
    void picked.arrayBuffer().then((buffer) => {
      const decoded = decodeTextFile(new Uint8Array(buffer));
      setProblem(decoded.ok ? undefined : decoded.message);
      onFile(decoded.ok ? { name: picked.name, text: decoded.text } : undefined);
    });
  }

  function onDrop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  }

  return (
    <div
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
