import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * The address provider's own words for a refusal (Loqate's error item), as shown beside
 * TitleDesk's headline. Provider text is outside data: lengths are capped so a long answer
 * cannot flood the screen or the log, and core redacts secrets from it before it travels.
 */
export const providerTextLimits = { error: 40, description: 500, cause: 1000, resolution: 1000 } as const;

export const providerErrorDetailSchema = z.object({
  /** The provider's error number as it sent it, e.g. "3"; kept so support can look it up. */
  error: z.string().max(providerTextLimits.error),
  description: z.string().max(providerTextLimits.description),
  cause: z.string().max(providerTextLimits.cause),
  resolution: z.string().max(providerTextLimits.resolution),
});
export type ProviderErrorDetail = z.infer<typeof providerErrorDetailSchema>;

/** Each field cleaned by `clean` (core's redactor) and then cut to its limit, so it always fits the schema. */
export function cleanProviderDetail(detail: ProviderErrorDetail, clean: (text: string) => string): ProviderErrorDetail {
  const cut = (name: keyof ProviderErrorDetail): string => clean(detail[name]).trim().slice(0, providerTextLimits[name]);
  return { error: cut('error'), description: cut('description'), cause: cut('cause'), resolution: cut('resolution') };
}

/** The error codes of the provider's account errors; every other provider error is provider_error. */
export type ProviderErrorCode = Extract<
  ErrorCode,
  | 'provider_unknown_key'
  | 'provider_key_expired'
  | 'provider_out_of_credit'
  | 'provider_limit_reached'
  | 'provider_surge_protection'
  | 'provider_origin_refused'
  | 'provider_service_refused'
  | 'provider_error'
>;

/**
 * Loqate's published list of general errors (the same on every Capture service), by number.
 * Numbers not listed here (-1, 18 to 22, the per-service 1001+) are about the request or the
 * provider itself, not the account, so they stay provider_error.
 */
const codeByNumber: Readonly<Record<string, ProviderErrorCode>> = {
  '2': 'provider_unknown_key', // Unknown key
  '3': 'provider_out_of_credit', // Account out of credit
  '4': 'provider_origin_refused', // Request not allowed from this IP
  '5': 'provider_origin_refused', // Request not allowed from this URL
  '6': 'provider_service_refused', // Web service not available on this key
  '7': 'provider_service_refused', // Web service not available on your plan
  '8': 'provider_limit_reached', // Key daily limit exceeded
  '9': 'provider_surge_protection', // Surge protector running (account suspended)
  '10': 'provider_surge_protection', // Surge protector triggered
  '11': 'provider_key_expired', // No valid license available
  '12': 'provider_service_refused', // Management key required
  '13': 'provider_limit_reached', // Demo limit exceeded
  '14': 'provider_limit_reached', // Free service limit exceeded
  '15': 'provider_service_refused', // Wrong type of key
  '16': 'provider_key_expired', // Key expired
  '17': 'provider_limit_reached', // Individual User exceeded Lookup Limit
  '23': 'provider_service_refused', // Agreement not signed
};

/** Loqate's own descriptions and FAQ wording, for an error whose number is not in the list. */
const codeByText: readonly (readonly [RegExp, ProviderErrorCode])[] = [
  [/surge/i, 'provider_surge_protection'],
  [/out of credit|credit has run out|insufficient credit/i, 'provider_out_of_credit'],
  [/unknown key|key (?:was )?not found/i, 'provider_unknown_key'],
  [/expired|no (?:valid )?licen[cs]e/i, 'provider_key_expired'],
  [/not allowed from this (?:ip|url)|\bip address\b|referr?er|cannot be used from this website/i, 'provider_origin_refused'],
  [/daily limit|lookup limit|limit (?:exceeded|reached)/i, 'provider_limit_reached'],
  [/not available (?:on|for) (?:this|your) (?:key|plan)|wrong type of key|agreement not signed/i, 'provider_service_refused'],
];

/**
 * The error code for a provider error item: by its number where Loqate's published list gives
 * one, else by its Description (some gateways and older services send other numbers), else
 * provider_error.
 */
export function providerErrorCode(detail: Pick<ProviderErrorDetail, 'error' | 'description'>): ProviderErrorCode {
  const byNumber = codeByNumber[detail.error.trim()];
  if (byNumber !== undefined) return byNumber;
  for (const [pattern, code] of codeByText) {
    if (pattern.test(detail.description)) return code;
  }
  return 'provider_error';
}
