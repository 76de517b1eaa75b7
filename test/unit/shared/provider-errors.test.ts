import { describe, expect, it } from 'vitest';
import { parseFindItems } from '../../../electron/core/address/provider-wire.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import { providerErrorCode } from '../../../shared/errors/provider-errors.ts';

describe('address provider errors by number, else by text', () => {
  it.each([
    ['2', 'provider_unknown_key'],
    ['3', 'provider_out_of_credit'],
    ['4', 'provider_origin_refused'],
    ['5', 'provider_origin_refused'],
    ['6', 'provider_service_refused'],
    ['7', 'provider_service_refused'],
    ['8', 'provider_limit_reached'],
    ['9', 'provider_surge_protection'],
    ['10', 'provider_surge_protection'],
    ['16', 'provider_key_expired'],
    ['17', 'provider_limit_reached'],
    ['18', 'provider_error'],
    ['1001', 'provider_error'],
  ] as const)('number %s is %s, whatever the text', (error, code) => {
    expect(providerErrorCode({ error, description: 'Something else entirely' })).toBe(code);
  });

  it.each([
    ['Your credit has run out', 'provider_out_of_credit'],
    ['The licence key has reached its daily limit, please check your settings or wait until tomorrow', 'provider_limit_reached'],
    ['This license key cannot be used from this website, the security settings may not include this domain', 'provider_origin_refused'],
    ['Request not allowed from this referrer', 'provider_origin_refused'],
    ['License key is no longer valid, it may have expired', 'provider_key_expired'],
    ['Surge protector running', 'provider_surge_protection'],
    ['Web service not available on your plan', 'provider_service_refused'],
    ['Unknown key', 'provider_unknown_key'],
    ['Id Invalid', 'provider_error'],
  ] as const)('an unlisted number with "%s" is %s', (description, code) => {
    expect(providerErrorCode({ error: '9001', description })).toBe(code);
  });

  it('keeps the number and the provider words on the error, and the number in its message', () => {
    const body = JSON.stringify({ Items: [{ Error: 3, Description: 'Account out of credit', Cause: 'No credit.', Resolution: 'Top it up.' }] });
    let thrown: unknown;
    try {
      parseFindItems(body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CoreError);
    expect(thrown instanceof CoreError && thrown.toData()).toEqual({
      code: 'provider_out_of_credit',
      message: 'Address provider error 3: Account out of credit.',
      provider: { error: '3', description: 'Account out of credit', cause: 'No credit.', resolution: 'Top it up.' },
    });
  });
});
