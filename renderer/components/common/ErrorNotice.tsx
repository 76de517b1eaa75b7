import { toAppError } from '../../api/app-error.ts';

/**
 * An error where it happened: the human sentence for its code first, then the detail core
 * gave (which field, which environment) when that adds anything.
 */
export function ErrorNotice({ error, id }: { readonly error: unknown; readonly id?: string }) {
  const appError = toAppError(error);
  const { detail } = appError;
  return (
    <div className="error-notice" role="alert" id={id} data-error-code={appError.code}>
      <p className="error-message">{appError.humanMessage}</p>
      {detail === undefined ? null : <p className="error-detail">{detail}</p>}
    </div>
  );
}
