import { describe, expect, it } from 'vitest';
import { errorCodeForStatus, statusError } from '../../../../electron/core/api/status-error.ts';

describe('errorCodeForStatus', () => {
  it('takes a 429 for "not now" (rate_limited), not for a bad request', () => {
    expect(errorCodeForStatus(429)).toBe('rate_limited');
    expect(statusError(429, 'the catalog')).toMatchObject({ code: 'rate_limited', message: 'The service answered 429 for the catalog.' });
  });

  it('keeps the seed\'s statuses and the classes of the others', () => {
    expect([400, 404, 418, 422, 503, 507].map(errorCodeForStatus)).toEqual(['bad_request', 'not_found', 'bad_request', 'unprocessable', 'service_unavailable', 'server_error']);
  });
});
