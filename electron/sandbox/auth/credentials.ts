import { hashString } from '../seeded.ts';

/**
 * The sandbox's accounts. They derive from the seed, so a developer who pastes them into the app
 * keeps working credentials across restarts of the same sandbox.
 */
export interface SandboxCredentials {
  readonly developer: { readonly clientId: string; readonly refreshToken: string; readonly account: string };
  readonly machine: { readonly clientId: string; readonly clientSecret: string };
}

function code(seed: number, purpose: string): string {
  return [1, 2, 3].map((part) => hashString(`${seed}:${purpose}:${part}`).toString(36).padStart(7, '0')).join('');
}

export function sandboxCredentials(seed: number): SandboxCredentials {
  return {
    developer: {
      // Like the real service, developer access uses one fixed, public client id.
      clientId: 'titledesk-sandbox-developer',
      refreshToken: `sbx-rt-${code(seed, 'refresh')}`,
      account: 'sandbox-developer',
    },
    machine: { clientId: `sbx-machine-${code(seed, 'client').slice(0, 8)}`, clientSecret: `sbx-secret-${code(seed, 'secret')}` },
  };
}
