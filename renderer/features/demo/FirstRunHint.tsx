import type { Environment } from '../../../shared/environment/environment.ts';
import { useSandboxInfoQuery } from '../../api/settings-queries.ts';
import { setFirstRunHidden, useFirstRunHidden, useHideFirstRunAfterFirstPurchase } from './first-run-state.ts';

export interface FirstRunHintProps {
  readonly environment: Environment;
  readonly onSearch: (text: string) => void;
  readonly onOpenTitle: (titleNumber: string) => void;
}

/**
 * Three steps to a first purchase, from the sandbox's own sample data; shown until dismissed or
 * until a first purchase completes, and again from Help.
 */
export function FirstRunHint({ environment, onSearch, onOpenTitle }: FirstRunHintProps) {
  const sandbox = useSandboxInfoQuery();
  const dismissed = useFirstRunHidden();
  useHideFirstRunAfterFirstPurchase(!dismissed);
  const info = sandbox.data;
  const query = info?.sampleQueries[0];
  if (dismissed || environment.builtIn !== true || info?.running !== true || query === undefined) return null;
  const testTitle = info.testTitles[0];
  return (
    <aside className="first-run-hint" aria-labelledby="first-run-heading">
      <div className="card-header">
        <h2 id="first-run-heading">Try it in the Sandbox: three steps</h2>
        <button type="button" className="button-quiet" onClick={() => { setFirstRunHidden(true); }}>Hide these steps</button>
      </div>
      <ol>
        <li>
          Search <button type="button" className="button-link" onClick={() => { onSearch(query); }}>“{query}”</button> and open the postcode, then the building.
        </li>
        <li>Pick a flat: its card shows the UDPRN, UMRRN and its titles. Open the leasehold title.</li>
        <li>
          Tick a few variables and buy. Nothing is charged here. Open a purchase and choose “Show requests” to watch each question
          TitleDesk asks the service and each answer
          {testTitle === undefined ? '.' : (
            <>
              {'; test title '}
              <button type="button" className="button-link" onClick={() => { onOpenTitle(testTitle); }}>{testTitle}</button>
              {' accepts a test delay to make it last longer.'}
            </>
          )}
        </li>
      </ol>
      <details className="first-run-details">
        <summary>What the requests show</summary>
        <p>
          The service takes the order (303 See Other), answers “not ready yet” with a time to come back (202 Accepted) until the
          data is ready, then sends the values (200 OK). TitleDesk waits exactly as long as each answer says.
        </p>
      </details>
    </aside>
  );
}
