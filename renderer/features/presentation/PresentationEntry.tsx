import { useState } from 'react';
import type { Environment } from '../../../shared/environment.ts';
import { PresentationMode } from './PresentationMode.tsx';

/** The one action that gives the window to the scripted demo, and the mode itself while open. */
export function PresentationEntry({ environment, testTitles }: { readonly environment: Environment; readonly testTitles: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="presentation-entry">
      <button type="button" className="button-quiet" onClick={() => { setOpen(true); }}>Presentation mode</button>
      {open ? <PresentationMode environment={environment} testTitles={testTitles} onExit={() => { setOpen(false); }} /> : null}
    </div>
  );
}
