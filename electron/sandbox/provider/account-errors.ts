import { keyExpiredError, unknownKeyError, type ProviderErrorItem } from './errors.ts';
import { providerKeys } from './keys.ts';

/**
 * Loqate's account errors, by the numbers and descriptions of its published list of general
 * errors (Cause and Resolution in the same spirit), so a client can be tested against each
 * without a real account in that state.
 */
export const outOfCreditError: ProviderErrorItem = {
  Error: '3',
  Description: 'Account out of credit',
  Cause: 'The account has no credit left, or too little for this request.',
  Resolution: 'Check the account balance and top it up.',
};

export const ipNotAllowedError: ProviderErrorItem = {
  Error: '4',
  Description: 'Request not allowed from this IP',
  Cause: 'The key’s security settings do not allow requests from this IP address.',
  Resolution: 'Check the allowed IP addresses in the key’s security settings; if they look right, contact support.',
};

export const urlNotAllowedError: ProviderErrorItem = {
  Error: '5',
  Description: 'Request not allowed from this URL',
  Cause: 'The key’s security settings do not allow requests from this URL (referrer).',
  Resolution: 'Check the allowed URLs in the key’s security settings; if they look right, contact support.',
};

export const serviceNotOnKeyError: ProviderErrorItem = {
  Error: '6',
  Description: 'Web service not available on this key',
  Cause: 'The key is limited to other web services.',
  Resolution: 'Check the services allowed in the key’s security settings.',
};

export const dailyLimitError: ProviderErrorItem = {
  Error: '8',
  Description: 'Key daily limit exceeded',
  Cause: 'The key has used up its daily limit.',
  Resolution: 'Look at the key’s usage first; if it is normal, raise the key’s daily limit.',
};

export const surgeProtectorError: ProviderErrorItem = {
  Error: '10',
  Description: 'Surge protector triggered',
  Cause: 'Unusually many requests were made with the account, so the surge protector suspended it.',
  Resolution: 'Reactivate the account; turn the surge protector off only while running a known batch.',
};

export const userLimitError: ProviderErrorItem = {
  Error: '17',
  Description: 'Individual User exceeded Lookup Limit',
  Cause: 'This user has made more lookups than the key allows one user.',
  Resolution: 'Wait until the limit resets, or raise the per-user limit on the key.',
};

export interface AccountErrorKey {
  readonly key: string;
  /** What the key simulates, as said in --print-config and docs/sandbox.md. */
  readonly name: string;
  readonly error: ProviderErrorItem;
}

/**
 * Fixed test keys, one per account error, so a demo or a test can show each refusal. Any key not
 * listed at all gets "Unknown key" too.
 */
export const accountErrorKeys: readonly AccountErrorKey[] = [
  { key: 'TD12-AE00-LQ00-UK02', name: 'unknown key', error: unknownKeyError },
  { key: providerKeys.expiredKey, name: 'key expired', error: keyExpiredError },
  { key: 'TD12-AE00-LQ00-CR03', name: 'out of credit', error: outOfCreditError },
  { key: 'TD12-AE00-LQ00-DL08', name: 'daily limit', error: dailyLimitError },
  { key: 'TD12-AE00-LQ00-UL17', name: 'per-user limit', error: userLimitError },
  { key: 'TD12-AE00-LQ00-SP10', name: 'surge protector', error: surgeProtectorError },
  { key: 'TD12-AE00-LQ00-IP04', name: 'IP address not allowed', error: ipNotAllowedError },
  { key: 'TD12-AE00-LQ00-RF05', name: 'URL (referrer) not allowed', error: urlNotAllowedError },
  { key: 'TD12-AE00-LQ00-SV06', name: 'service not on this key', error: serviceNotOnKeyError },
];

export function accountErrorFor(key: string): ProviderErrorItem | undefined {
  return accountErrorKeys.find((entry) => entry.key === key)?.error;
}
