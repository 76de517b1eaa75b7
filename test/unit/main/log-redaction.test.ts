import { describe, expect, it } from 'vitest';
import { registerLiveSecret } from '../../../electron/core/live-secrets.ts';
import { createRedactor, redactLogData } from '../../../electron/main/lifecycle/log-redaction.ts';

const redact = createRedactor(['sk-live-4f1c9e2b7a', 'short']);

describe('log redaction', () => {
  it('masks Authorization headers', () => {
    expect(redact('Authorization: Bearer abc.def-ghi_123')).toBe('Authorization: Bearer [redacted]');
    expect(redact('authorization: basic Y2xpZW50OnNlY3JldA==')).toBe('authorization: basic [redacted]');
  });

  it('masks token and key parameters in forms and queries', () => {
    expect(redact('POST grant_type=refresh_token&refresh_token=rt-9f8e7d&client_id=dev')).toBe('POST grant_type=refresh_token&refresh_token=[redacted]&client_id=dev');
    expect(redact('GET https://api.addressy.com/Retrieve/v1.2/json3.ws?Key=AA11-BB22&ID=GB|RM|A|1')).toBe('GET https://api.addressy.com/Retrieve/v1.2/json3.ws?Key=[redacted]&ID=GB|RM|A|1');
    expect(redact('client_secret=s3cr3t grant_type=client_credentials')).toBe('client_secret=[redacted] grant_type=client_credentials');
  });

  it('masks secret fields in JSON and object dumps, leaving the rest', () => {
    expect(redact('{"access_token":"at-123","expires_in":3600,"token_type":"Bearer"}')).toBe('{"access_token":"[redacted]","expires_in":3600,"token_type":"Bearer"}');
    expect(redact("{ refreshToken: 'rt-1', name: 'Prod' }")).toBe("{ refreshToken: '[redacted]', name: 'Prod' }");
  });

  it('masks JWTs and known secret values anywhere, but not short values that would hide words', () => {
    expect(redact('id eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl end')).toBe('id [redacted] end');
    expect(redact('failed with sk-live-4f1c9e2b7a in it')).toBe('failed with [redacted] in it');
    expect(redact('a short message')).toBe('a short message');
  });

  it('masks every secret core has in use, not only those of the environment', () => {
    registerLiveSecret('at-in-use-7c1d9e4f2a');
    expect(createRedactor([])('answer echoed at-in-use-7c1d9e4f2a')).toBe('answer echoed [redacted]');
  });

  it('leaves ordinary messages untouched', () => {
    const text = 'Purchase p-77 available after 3 GETs (HTTP 200) on https://api.whenfresh.com/purchases/p-77';
    expect(redact(text)).toBe(text);
  });

  it('turns every logged item into a redacted string, errors and objects included', () => {
    const error = new Error('token refresh failed: refresh_token=rt-abc rejected');
    const [fromError, fromObject, fromNumber] = redactLogData([error, { clientSecret: 'cs-1', id: 'e1' }, 42], redact);
    expect(fromError).toContain('refresh_token=[redacted] rejected');
    expect(fromError).not.toContain('rt-abc');
    expect(fromObject).toBe('{"clientSecret":"[redacted]","id":"e1"}');
    expect(fromNumber).toBe('42');
  });
});
