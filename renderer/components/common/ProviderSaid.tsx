import type { ProviderErrorDetail } from '../../../shared/errors/provider-errors.ts';

/**
 * The address provider's own Description, Cause and Resolution beside TitleDesk's headline: they
 * name the account setting to change, which TitleDesk's words cannot know. The error number is
 * kept for the provider's support. Rendered as text only: the provider's words are outside data.
 */
export function ProviderSaid({ provider }: { readonly provider: ProviderErrorDetail }) {
  const said = [provider.description, provider.cause].map((part) => part.trim()).filter((part) => part !== '');
  return (
    <div className="provider-said">
      <p className="error-detail">
        The address provider said: “<span className="provider-description">{said.join(' — ') || 'nothing more'}</span>”{' '}
        <span className="provider-error-number">(error {provider.error})</span>
      </p>
      {provider.resolution.trim() === '' ? null : (
        <p className="error-detail">
          Its advice: “<span className="provider-resolution">{provider.resolution.trim()}</span>”
        </p>
      )}
    </div>
  );
}
