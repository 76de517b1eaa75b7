import { useEffect, useRef } from 'react';
import type { Environment } from '../../../shared/environment/environment.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { formatMoney } from '../common/money.ts';
import { DiagramStage } from './DiagramStage.tsx';
import { demoDelaySeconds, demoVariableCount, useScriptedDemo, type DemoStage } from './scripted-demo.ts';
import { usePresenterKeys } from './use-presenter-keys.ts';
import './presentation.css';

export interface PresentationModeProps {
  readonly environment: Environment;
  readonly testTitles: readonly string[];
  readonly onExit: () => void;
}

const numberWords = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'];

function countWords(count: number): string {
  return numberWords[count] ?? String(count);
}

function StageView({ stage, focused }: { readonly stage: DemoStage; readonly focused: number | undefined }) {
  switch (stage.step) {
    case 'intro':
      return (
        <div className="presentation-card">
          <p className="presentation-lead">Buying facts about a home, step by step.</p>
          <p className="presentation-caption">We will buy {String(demoVariableCount)} facts about a test property: how many bedrooms it has, its energy rating, what it is worth and its flood risk. This is the Sandbox, so nothing is really bought, and it is told to take {String(demoDelaySeconds)} seconds so you can watch the wait.</p>
        </div>
      );
    case 'preparing':
      return <p className="presentation-caption" role="status">One moment…</p>;
    case 'title':
      return (
        <div className="presentation-card">
          <p className="presentation-lead">Title {stage.titleNumber}</p>
          <p className="presentation-caption">Every property in England and Wales has a title number like this one at the Land Registry. We ask about this test property; the answer will take {String(demoDelaySeconds)} seconds.</p>
        </div>
      );
    case 'variables':
      return (
        <div className="presentation-card">
          <p className="presentation-lead">{countWords(stage.variables.length)} facts to buy</p>
          <p className="presentation-caption">Each fact has its own price, like items in a shop.</p>
          <ul className="presentation-choices">
            {stage.variables.map((variable) => (
              <li key={variable.iri}>
                <span>{variable.plainName}</span> <span className="presentation-value-price">{formatMoney(variable.price)}</span>
                {variable.plainName === variable.name ? null : <span className="presentation-technical">{variable.name}</span>}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'diagram':
      return <DiagramStage purchaseId={stage.purchaseId} variables={stage.variables} focused={focused} />;
    case 'failed':
      return <ErrorNotice error={stage.error} />;
  }
}

/**
 * The whole window given to one purchase, for a room: a scripted demo on the Sandbox ending in a
 * live sequence diagram, driven from the keyboard (see usePresenterKeys) or the buttons.
 */
export function PresentationMode({ environment, testTitles, onExit }: PresentationModeProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const demo = useScriptedDemo(testTitles);
  const sandbox = environment.builtIn === true;
  const keys = usePresenterKeys({ demo, enabled: sandbox, onExit, container: dialog });

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement;
    // showModal puts it in the top layer and makes the app behind it inert.
    if (element !== null && !element.open) element.showModal();
    return () => { if (opener instanceof HTMLElement) opener.focus(); };
  }, []);

  return (
    <dialog ref={dialog} className="presentation" aria-label="Presentation mode" onKeyDown={keys.onKeyDown} onKeyUp={keys.onKeyUp} onCancel={(event) => { event.preventDefault(); onExit(); }}>
      <header className="presentation-header">
        <h2>How TitleDesk buys data</h2>
        <div className="presentation-controls">
          {sandbox ? (
            <>
              <button type="button" onClick={keys.start}>{demo.stage.step === 'intro' ? 'Start the demo' : 'Start again'}</button>
              <button type="button" onClick={() => { keys.step(1); }}>Next</button>
            </>
          ) : null}
          <button type="button" className="button-quiet" onClick={onExit}>Exit presentation</button>
        </div>
      </header>
      <div className="presentation-body">
        {sandbox ? <StageView stage={demo.stage} focused={keys.focused} /> : (
          <p className="presentation-caption">The scripted demo runs on the Sandbox, where nothing is really bought. Choose Sandbox in the header, then start presentation mode again.</p>
        )}
      </div>
      <footer className="presentation-keys">S: start · → or Space: next · ←: back · Esc: exit</footer>
    </dialog>
  );
}
