import type { ProviderKeyTest } from '../../../shared/environment/connection-test.ts';
import { errorWords } from '../../../shared/errors/error-messages.ts';
import { useTestConnectionMutation, useTestProviderKeyMutation } from '../../api/onboarding-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';
import { ProviderSaid } from '../common/ProviderSaid.tsx';
import { TestSteps } from './TestSteps.tsx';

const umrrnPhrases: Readonly<Record<ProviderKeyTest['umrrn'], string>> = {
  yes: 'The account returns UMRRNs (the multi-residency option is on).',
  no: 'The account returns no UMRRNs: flats will be keyed by their building (UMRRN 0).',
  unknown: 'Find does not carry UMRRNs; the first flat you retrieve shows whether the account returns them.',
};

/**
 * "Test connection" and "Test key" for one environment, using what is stored for it. Neither
 * buys anything; Find is free.
 */
export function ConnectionTests({ environmentId }: { readonly environmentId: string }) {
  const connection = useTestConnectionMutation();
  const key = useTestProviderKeyMutation();
  return (
    <div className="connection-tests">
      <div className="form-actions">
        <button type="button" disabled={connection.isPending} onClick={() => { connection.mutate(environmentId); }}>
          {connection.isPending ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" disabled={key.isPending} onClick={() => { key.mutate(environmentId); }}>
          {key.isPending ? 'Testing…' : 'Test key'}
        </button>
      </div>
      {connection.isError ? <ErrorNotice error={connection.error} /> : null}
      {connection.data === undefined ? null : (
        <section aria-live="polite" aria-label="Connection test">
          {connection.data.ok
            ? <p className="test-verdict test-verdict-ok">Connected: TitleDesk can sign in to this service.</p>
            : <p className="test-verdict test-verdict-failed" role="alert">The connection test failed.</p>}
          <TestSteps steps={connection.data.steps} label="Connection test steps" />
        </section>
      )}
      {key.isError ? <ErrorNotice error={key.error} /> : null}
      {key.data === undefined ? null : (
        <section aria-live="polite" aria-label="Key test">
          {key.data.ok
            ? <p className="test-verdict test-verdict-ok">The address provider accepted the key.</p>
            : <p className="test-verdict test-verdict-failed" role="alert">The address provider refused the key.</p>}
          {key.data.refusal === undefined ? (
            key.data.providerError === undefined ? null : <p className="test-provider-error">{key.data.providerError}</p>
          ) : (
            // Names which refusal it is (out of credit, daily limit, …) and what to do, beside the provider's words.
            <div className="test-provider-error" data-error-code={key.data.refusal.code}>
              <p className="error-message">{errorWords[key.data.refusal.code].headline}</p>
              <ProviderSaid provider={key.data.refusal.provider} />
              <p className="error-action">{errorWords[key.data.refusal.code].action}</p>
            </div>
          )}
          <TestSteps steps={key.data.steps} label="Key test steps" />
          {key.data.ok ? <p className="field-hint">{umrrnPhrases[key.data.umrrn]}</p> : null}
        </section>
      )}
    </div>
  );
}
