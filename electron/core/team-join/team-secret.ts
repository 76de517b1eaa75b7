/**
 * The team password's place in the secret store. Environment ids are slugs of letters, digits and
 * dashes, so this id is never an environment's and no environment's secrets can overwrite it.
 * A file of its own: the app reads it at start without loading the team client (decision 001).
 */
export const teamSecretId = '#team';
