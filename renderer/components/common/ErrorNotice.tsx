import { errorWords } from '../../../shared/errors/error-messages.ts';
import { toAppError } from '../../api/app-error.ts';
import { ProviderSaid } from './ProviderSaid.tsx';

/**
 * An error where it happened: the headline for its code (what happened), the detail core gave
 * (which field, which environment) when that adds anything, then what to do about it. An address
 * provider refusal shows the provider's own description and advice instead of that detail.
 */
export function ErrorNotice({ error, id }: { readonly error: unknown; readonly id?: string }) {
  const appError = toAppError(error);
  const { detail } = appError;
  const words = errorWords[appError.code];
  return (
    <div className="error-notice" role="alert" id={id} data-error-code={appError.code}>
      <p className="error-message">{words.headline}</p>
      {/* The provider's own words replace the message made from them, which would say them twice. */}
      {appError.provider !== undefined ? <ProviderSaid provider={appError.provider} /> : detail === undefined ? null : <p className="error-detail">{detail}</p>}
      <p className="error-action">{words.action}</p>
    </div>
  );
}
