import { Fragment, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { usePurchaseQuery } from '../purchases/purchase-queries.ts';
import { purchaseTitle } from '../purchases/purchase-labels.ts';
import { formatSeconds } from '../purchases/timeline.ts';
import { CopyCurlButton } from './CopyCurlButton.tsx';

function adviceText(status: number | 'no-response', wait: number | undefined): string {
  if (wait === undefined) return '';
  const header = status === 202 ? 'Cache-Control max-age' : 'Retry-After';
  return `${header}: ${String(Math.round(wait))} s`;
}

/** A long path wraps after its slashes, not between any two letters of a title number. */
function PathWithBreaks({ path }: { readonly path: string }) {
  const parts = path.split('/');
  return parts.map((part, index) => (
    <Fragment key={index}>{index === 0 ? '' : '/'}{part}{index < parts.length - 1 ? <wbr /> : null}</Fragment>
  ));
}

function statusMeaning(status: number | 'no-response'): string {
  if (status === 'no-response') return 'no answer';
  if (status === 303) return 'accepted: see the result address';
  if (status === 202) return 'not ready yet';
  if (status === 200) return 'data available';
  if (status >= 500) return 'service problem';
  if (status >= 400) return 'refused';
  return '';
}

/**
 * Where the workspace starts, below the header (whose height varies with its notices): the
 * drawer runs from there to the bottom of the window, beside the workspace, which makes room.
 */
function useWorkspaceTop(inside: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const main = inside.current?.closest('main');
    if (main === null || main === undefined) return undefined;
    const measure = (): void => { setTop(main.getBoundingClientRect().top); };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(main);
    return () => { observer.disconnect(); };
  }, [inside]);
  return top;
}

/**
 * The HTTP exchanges of one purchase as they happen, for showing a non-technical audience the
 * 303 → 202 → 200 flow. Not modal: a side panel, the purchase and its list stay usable beside it.
 */
export function RequestsDrawer({ id, onClose }: { readonly id: string; readonly onClose: () => void }) {
  const purchase = usePurchaseQuery(id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, [id]);
  const top = useWorkspaceTop(heading);
  const record = purchase.data;
  return (
    <aside className="requests-drawer" style={{ top }} aria-labelledby="requests-heading" onKeyDown={(event) => { if (event.key === 'Escape') onClose(); }}>
      <div className="drawer-header">
        <h3 id="requests-heading" ref={heading} tabIndex={-1}>Requests{record === undefined ? '' : ` for ${purchaseTitle(record)}`}</h3>
        <button type="button" className="button-quiet" onClick={onClose}>Close requests</button>
      </div>
      {record === undefined || record.timeline.length === 0 ? (
        <p className="empty-state">No requests have been sent for this purchase yet.</p>
      ) : (
        <table className="requests-table">
          <thead>
            <tr><th scope="col">Sent</th><th scope="col">Request</th><th scope="col">Answer</th><th scope="col">Server advice</th><th scope="col" className="numeric">Took</th><th scope="col"><span className="visually-hidden">Repeat</span></th></tr>
          </thead>
          <tbody aria-live="polite">
            {record.timeline.map((exchange, index) => (
              <tr key={index}>
                <td>{formatSeconds(exchange.at)}</td>
                <td className="request-path"><code>{exchange.method} <PathWithBreaks path={exchange.path} /></code></td>
                <td><strong>{exchange.status === 'no-response' ? '—' : exchange.status}</strong> <span className="muted">{statusMeaning(exchange.status)}</span></td>
                <td>{adviceText(exchange.status, exchange.advisedWaitSeconds)}</td>
                <td className="numeric">{exchange.receivedAt === undefined ? '' : `${String(Math.max(0, exchange.receivedAt - exchange.at))} ms`}</td>
                <td><CopyCurlButton exchange={exchange} record={record} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </aside>
  );
}
