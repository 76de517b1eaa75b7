import { describe, expect, it } from 'vitest';
import { redactedResponse } from '../../../electron/core/api/redacted-response.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import { liveSecrets, registerLiveSecret } from '../../../electron/core/live-secrets.ts';
import { redactKnownSecrets, redactSecrets } from '../../../electron/core/redaction.ts';

describe('live secrets', () => {
  it('are masked verbatim, URL-encoded and form-encoded, longest first', () => {
    registerLiveSecret('key/with space+plus');
    registerLiveSecret('key/with');
    expect(redactKnownSecrets('a key/with space+plus b')).toBe('a [redacted] b');
    expect(redactKnownSecrets('Key=key%2Fwith%20space%2Bplus')).toBe('Key=[redacted]');
    expect(redactKnownSecrets('Key=key%2Fwith+space%2Bplus')).toBe('Key=[redacted]');
  });

  it('ignore values too short to be secrets, which would mask ordinary words', () => {
    registerLiveSecret('abc');
    registerLiveSecret(undefined);
    expect(liveSecrets()).not.toContain('abc');
    expect(redactKnownSecrets('abc def')).toBe('abc def');
  });

  it('keep only the newest few hundred, so replaced tokens do not pile up', () => {
    registerLiveSecret('at-oldest-0000000');
    for (let i = 0; i < 600; i += 1) registerLiveSecret(`at-rotated-${String(i).padStart(6, '0')}`);
    expect(liveSecrets().length).toBeLessThanOrEqual(512);
    expect(liveSecrets()).not.toContain('at-oldest-0000000');
    expect(liveSecrets()).toContain('at-rotated-000599');
  });
});

describe('redaction of words from outside', () => {
  it('masks the shapes secrets travel in, whatever their value', () => {
    expect(redactSecrets('Authorization: Bearer 9f8e.7d6c_5b-4a')).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('got basic Y2xpZW50OnNlY3JldA==')).toBe('got basic [redacted]');
    expect(redactSecrets('id eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln end')).toBe('id [redacted] end');
    expect(redactSecrets('?Key=AA11-BB22&ID=1')).toBe('?Key=[redacted]&ID=1');
    expect(redactSecrets('{"refresh_token": "rt-1", "n": 1}')).toBe('{"refresh_token": "[redacted]", "n": 1}');
    expect(redactSecrets('your token Zx81f0a9B7c6d5e4f3 expired')).toBe('your token [redacted] expired');
  });

  it('leaves ordinary words and paths alone', () => {
    const text = 'Basic authentication failed for title DN123456: the token endpoint answered 503 (HTTP 503).';
    expect(redactSecrets(text)).toBe(text);
    const path = 'The data folder /home/ann/keys/titledesk-2026/data or /srv/.secret-stuff/titledesk-v2 cannot be used.';
    expect(redactSecrets(path)).toBe(path);
  });

  it('applies no pattern to data, only the live secrets', () => {
    registerLiveSecret('data-secret-5e6f7a8b');
    expect(redactKnownSecrets('Bearer bonds 12.5%; data-secret-5e6f7a8b')).toBe('Bearer bonds 12.5%; [redacted]');
  });
});

describe('what carries words from outside', () => {
  it('CoreError keeps no secret in its message or detail', () => {
    registerLiveSecret('pk-AA11-BB22-CC33-DD44');
    const error = new CoreError('provider_error', 'Unknown key pk-AA11-BB22-CC33-DD44', { detail: 'Check the key pk-AA11-BB22-CC33-DD44.' });
    expect(error.message).toBe('Unknown key [redacted]');
    expect(error.detail).toBe('Check the key [redacted].');
    expect(error.toData().message).toBe('Unknown key [redacted]');
  });

  it('an answer comes back without the live secrets in its body or headers', () => {
    registerLiveSecret('at-answer-1a2b3c4d5e');
    const headers = new Headers({ location: '/results/at-answer-1a2b3c4d5e', 'retry-after': '1' });
    const answer = redactedResponse({ status: 200, receivedAt: 5, body: '{"value":"at-answer-1a2b3c4d5e"}', headers });
    expect(answer.body).toBe('{"value":"[redacted]"}');
    expect(answer.headers.get('Location')).toBe('/results/[redacted]');
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.headers.get('age')).toBeNull();
    expect(answer).toMatchObject({ status: 200, receivedAt: 5 });
  });
});
