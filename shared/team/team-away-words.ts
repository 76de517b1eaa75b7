import type { TeamAway } from './team-status.ts';

/**
 * Why a desk cannot use its team database, in words: the headline of the app's header (and browser
 * mode's) and of `titledesk team status`, and the advice a running desk's reason, Test connection
 * and a refused purchase give. One text for all of them, so they never say it differently. The
 * reasons that name the database are the core's (team-tls-words.ts, team-errors.ts).
 */

/** After a certificate refused (another CA, none given, or issued for another host name). */
export const certificateAdvice = 'Give the CA file that signed the server’s certificate, or check the host name in the URL matches the certificate.';

/** After the desk's password refused: the admin may have changed it, or the keychain lost it. */
export const passwordAdvice = 'Give this desk’s current password in Settings → Team (TITLEDESK_TEAM_PASSWORD on the command line); the team’s admin knows whether it was changed.';

/** After a login that is no desk of the team, or no longer an active one. */
export const notADeskAdvice = 'The team’s admin adds it with titledesk team add-desk, or makes it active again (titledesk team desk NAME --activate).';

/** What the headline needs to know: why, and the database's schema version when that is why. */
export interface AwayHeadlineOf {
  readonly away?: TeamAway | undefined;
  readonly schemaVersion?: number | undefined;
}

function schemaNamed(version: number | undefined): string {
  return version === undefined ? 'Team database schema' : `Team database schema ${String(version)}`;
}

/**
 * The headline of a desk away from its team database, by why, with "since HH:MM" when `since` is
 * given (already in the reader's clock). A refusal that is not the network's is never called
 * "unreachable": waiting will not fix it. Absent why is "unreachable" (a core before the field).
 */
export function awayHeadline(status: AwayHeadlineOf, since?: string): string {
  const at = since === undefined ? '' : ` since ${since}`;
  switch (status.away ?? 'unreachable') {
    case 'unreachable': return `Team database unreachable${at}`;
    case 'tls-not-offered': return `No TLS from the team database${at}`;
    case 'certificate': return `Team database certificate refused${at}`;
    case 'setting': return `Team setting unusable${at}`;
    case 'password': return `Team database refused this desk's password${at}`;
    case 'not-a-desk': return `This login is no longer a desk of the team${at}`;
    // The schema's words end in what to do, so the time goes in brackets rather than after it.
    case 'schema-newer': return `${schemaNamed(status.schemaVersion)} needs a newer TitleDesk${since === undefined ? '' : ` (since ${since})`}`;
    case 'schema-older': return `${schemaNamed(status.schemaVersion)} needs "titledesk team migrate"${since === undefined ? '' : ` (since ${since})`}`;
  }
}
