import { toAppError } from '../../../api/app-error.ts';

const headlines: Readonly<Record<string, string>> = {
  unauthorized: 'This desk’s role may not do that.',
  validation: 'The team database did not accept that.',
  not_found: 'The team database does not have that.',
  team_database: 'The team database cannot be used right now.',
  network: 'The team database cannot be reached.',
};

/**
 * A refusal of the team panel in words: what kind (the code's headline, said for a team rather than
 * for a purchase) and the core's own message, which says why and, for a release, when.
 */
export function TeamAdminError({ error }: { readonly error: unknown }) {
  const appError = toAppError(error);
  return (
    <div className="error-notice" role="alert" data-error-code={appError.code}>
      <p className="error-message">{headlines[appError.code] ?? 'The team database refused.'}</p>
      <p className="error-detail">{appError.message}</p>
    </div>
  );
}
