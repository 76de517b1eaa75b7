import { describe, expect, it } from 'vitest';
import { parseFindItems, parseHighlight } from '../../electron/core/address/provider-wire.ts';
import { CoreError } from '../../electron/core/errors.ts';
import { providerErrorCode } from '../../shared/provider-errors.ts';

describe('Loqate highlight ranges', () => {
  it('reads a single position as that one character, beside start-end ranges', () => {
    expect(parseHighlight('7')).toEqual({ text: [[7, 8]], description: [] });
    expect(parseHighlight('0-4,7;2,5-9')).toEqual({ text: [[0, 4], [7, 8]], description: [[2, 3], [5, 9]] });
  });

  it('still skips what is not a position or a range', () => {
    expect(parseHighlight('a,4-2,-3,1-;0')).toEqual({ text: [], description: [[0, 1]] });
  });

  it('marks a single position in a Find answer', () => {
    const [candidate] = parseFindItems(JSON.stringify({ Items: [{ Id: 'x', Type: 'Address', Text: '1 Mill Lane', Highlight: '0;0-2', Description: 'LS23' }] }));
    expect(candidate?.highlight).toEqual({ text: [[0, 1]], description: [[0, 2]] });
  });
});

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
