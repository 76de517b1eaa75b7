import { lazy, useState } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { Deferred } from '../../components/common/Deferred.tsx';

// The diagram, its script and its styles load when a demo starts, not with the first screen.
const PresentationMode = lazy(async () => ({ default: (await import('./PresentationMode.tsx')).PresentationMode }));

/** The one action that gives the window to the scripted demo, and the mode itself while open. */
export function PresentationEntry({ environment, testTitles }: { readonly environment: Environment; readonly testTitles: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="presentation-entry">
      <button type="button" className="button-quiet" onClick={() => { setOpen(true); }}>Presentation mode</button>
      {open ? (
        <Deferred>
          <PresentationMode environment={environment} testTitles={testTitles} onExit={() => { setOpen(false); }} />
        </Deferred>
      ) : null}
    </div>
  );
}
