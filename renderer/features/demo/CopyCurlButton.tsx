import { useState } from 'react';
import type { Exchange, PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import './copy-curl.css';
import { useEnvironmentsQuery } from '../../api/environment-queries.ts';
import { curlCommand } from './curl-command.ts';

type Copy = { readonly state: 'idle' } | { readonly state: 'copied' } | { readonly state: 'shown'; readonly command: string };

/**
 * "Copy as cURL" for one request of the drawer, with `$TOKEN` where the bearer token goes. Where
 * the clipboard is refused, the command is shown selected instead, to copy by hand.
 */
export function CopyCurlButton({ exchange, record }: { readonly exchange: Exchange; readonly record: PurchaseRecord }) {
  const environments = useEnvironmentsQuery();
  const [copy, setCopy] = useState<Copy>({ state: 'idle' });
  const environment = environments.data?.environments.find((candidate) => candidate.id === record.environmentId);
  if (environment === undefined) return null;
  const command = curlCommand(exchange, record, environment.baseUrl);

  function onCopy(): void {
    navigator.clipboard.writeText(command).then(
      () => { setCopy({ state: 'copied' }); },
      () => { setCopy({ state: 'shown', command }); },
    );
  }

  return (
    <>
      <button type="button" className="button-quiet" aria-label={`Copy ${exchange.method} ${exchange.path} as cURL`} onClick={onCopy}>
        Copy as cURL
      </button>
      <span role="status" className="muted">{copy.state === 'copied' ? ' Copied' : ''}</span>
      {copy.state === 'shown' ? (
        <textarea
          className="curl-command"
          aria-label="cURL command"
          readOnly
          rows={4}
          value={copy.command}
          ref={(element) => { element?.select(); }}
        />
      ) : null}
    </>
  );
}
