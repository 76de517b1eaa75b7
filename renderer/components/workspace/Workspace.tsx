import type { Environment } from '../../../shared/environment.ts';
import { useSandboxInfoQuery } from '../../api/settings-queries.ts';

/**
 * The main area. Address search and the variable picker will fill the left column and the
 * purchase panel the right; until they arrive each says what will appear there.
 */
export function Workspace({ environment, loadProblem }: { readonly environment: Environment; readonly loadProblem: string | undefined }) {
  const sandbox = useSandboxInfoQuery();
  const sample = environment.builtIn === true ? sandbox.data?.sampleQueries[0] : undefined;
  return (
    <main className="workspace" id="main" tabIndex={-1}>
      {loadProblem === undefined ? null : (
        <div className="notice" role="status">
          Your saved settings could not be read as they were, so defaults are in use: {loadProblem}
        </div>
      )}
      <section className="workspace-column" aria-labelledby="search-heading">
        <h2 id="search-heading">Find a property</h2>
        <div className="empty-state">
          <p>Search by address or postcode, or type a title number, to see what can be bought about it.</p>
          {sample === undefined ? null : (
            <p className="field-hint">
              In the Sandbox, try <kbd>{sample}</kbd>.
            </p>
          )}
        </div>
      </section>
      <section className="workspace-column" aria-labelledby="purchases-heading">
        <h2 id="purchases-heading">Purchases</h2>
        <div className="empty-state">
          <p>No purchases yet on {environment.name}. Purchases you make, and any you look up by ID, will be listed here with their progress.</p>
        </div>
      </section>
    </main>
  );
}
