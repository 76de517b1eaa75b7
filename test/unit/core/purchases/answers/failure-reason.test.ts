import { describe, expect, it } from 'vitest';
import { describeStatus, reasonFromBody } from '../../../../../electron/core/purchases/answers/failure-reason.ts';
import { registerLiveSecret } from '../../../../../electron/core/live-secrets.ts';

const json = 'application/json';

describe('the reason taken from a refusal', () => {
  it('reads problem+json detail, then message, error_description and title', () => {
    expect(reasonFromBody(JSON.stringify({ title: 'T', detail: 'D', message: 'M' }), json)).toBe('D');
    expect(reasonFromBody(JSON.stringify({ title: 'T', message: 'M' }), json)).toBe('M');
    expect(reasonFromBody(JSON.stringify({ title: 'T', error_description: 'E' }), json)).toBe('E');
    expect(reasonFromBody(JSON.stringify({ title: 'T' }), json)).toBe('T');
    expect(reasonFromBody(JSON.stringify({ other: 'x' }), json)).toBeUndefined();
  });

  it('takes a body that is not JSON only when it says it is plain text', () => {
    expect(reasonFromBody('Title not found', 'text/plain; charset=utf-8')).toBe('Title not found');
    expect(reasonFromBody('<html>Title not found</html>', 'text/html')).toBeUndefined();
    expect(reasonFromBody('   ', 'text/plain')).toBeUndefined();
  });

  it('turns control characters and runs of white space into single spaces', () => {
    expect(reasonFromBody(JSON.stringify({ detail: '  line one\r\n\tline\u0007two\u001b[31m  ' }), json)).toBe('line one line two [31m');
    expect(reasonFromBody(JSON.stringify({ detail: '\u0000\n' }), json)).toBeUndefined();
  });

  it('cuts a long reason to 300 characters, the last an ellipsis', () => {
    const reason = reasonFromBody(JSON.stringify({ detail: 'a'.repeat(1000) }), json);
    expect(reason).toHaveLength(300);
    expect(reason?.endsWith('a…')).toBe(true);
    expect(reasonFromBody(JSON.stringify({ detail: 'b'.repeat(300) }), json)).toBe('b'.repeat(300));
  });

  it('never keeps a secret: the one in use, a bearer token or a JWT echoed back', () => {
    const secret = 'rt-live-3f9a0c1d2e7b44aa';
    registerLiveSecret(secret);
    const echoed = `refused for ${secret}; Authorization: Bearer at.9f8e7d6c5b4a-x_1 and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl`;
    const reason = reasonFromBody(JSON.stringify({ detail: echoed }), json) ?? '';
    expect(reason).toBe('refused for [redacted]; Authorization: Bearer [redacted] and [redacted]');
  });

  it('takes a secret out before cutting, so no start of one is left at the cut', () => {
    const secret = 'sk-cut-0123456789abcdefghij0123456789';
    registerLiveSecret(secret);
    const reason = reasonFromBody(JSON.stringify({ detail: `${'x'.repeat(280)} ${secret}` }), json) ?? '';
    expect(reason).not.toContain(secret.slice(0, 6));
    expect(reason.endsWith(' [redacted]')).toBe(true);
  });

  it('says the status, with the reason when there is one', () => {
    expect(describeStatus('The service refused the purchase', 422, JSON.stringify({ detail: 'No such variable' }), json)).toBe('The service refused the purchase (HTTP 422): No such variable');
    expect(describeStatus('The service failed', 500, '', null)).toBe('The service failed (HTTP 500).');
  });
});
