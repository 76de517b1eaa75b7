import { setFirstRunHidden, useFirstRunHidden } from '../../features/demo/first-run-state.ts';

/** Help in the header: for now the way back to the first-run steps once they were put away. */
export function HelpMenu() {
  const hidden = useFirstRunHidden();
  return (
    <details className="help-menu">
      <summary>Help</summary>
      <div className="help-menu-panel">
        <button
          type="button"
          className="button-quiet"
          disabled={!hidden}
          onClick={(event) => {
            setFirstRunHidden(false);
            event.currentTarget.closest('details')?.removeAttribute('open');
          }}
        >
          Show the first-run steps
        </button>
        <p className="muted">The steps show on the built-in Sandbox environment.</p>
      </div>
    </details>
  );
}
