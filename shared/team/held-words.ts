/**
 * "2 variables being bought by desk alice", or "bought by" once delivered: how a purchase, a batch
 * line and the app name variables another team purchase holds, in the same words everywhere.
 */
export function deskHoldsWords(desk: string, count: number, delivered: boolean): string {
  const variables = count === 1 ? '1 variable' : `${String(count)} variables`;
  return `${variables} ${delivered ? 'bought' : 'being bought'} by desk ${desk}`;
}
