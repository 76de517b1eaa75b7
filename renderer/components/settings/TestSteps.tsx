import type { TestStep } from '../../../shared/environment/connection-test.ts';

const stepLabels: Readonly<Record<TestStep['step'], string>> = {
  discovery: 'Find the service',
  token: 'Get a token',
  find: 'Search with the key',
  retrieve: 'Retrieve one address',
};

/** Each step of a test, in order, with its result, its time and what it means. */
export function TestSteps({ steps, label }: { readonly steps: readonly TestStep[]; readonly label: string }) {
  return (
    <ol className="test-steps" aria-label={label}>
      {steps.map((step) => (
        <li key={step.step} data-ok={step.ok}>
          <span className="test-step-name">
            {step.ok ? '✓' : '✗'} {stepLabels[step.step]}
          </span>{' '}
          <span className="test-step-time">{step.ms === 0 && !step.ok ? 'not attempted' : `${step.ms} ms`}</span>
          <p className="test-step-summary">{step.summary}</p>
          {step.oauthError === undefined ? null : (
            <p className="test-step-oauth">
              The identity provider answered <code>{step.oauthError}</code> (RFC 6749).
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
