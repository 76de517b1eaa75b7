import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { authGet, basic, catalogPath, developerToken, formType, machineToken, sleep, tokenResponseSchema } from './sandbox-support.ts';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

function postToken(body: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sandbox.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': formType, Accept: 'application/json', ...headers },
    body: new URLSearchParams(body).toString(),
  });
}

const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string() });

async function expectOAuthError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(oauthErrorSchema.parse(await response.json()).error).toBe(error);
}

describe('discovery', () => {
  it('serves the OpenID configuration with a token endpoint on its own path', async () => {
    const response = await fetch(`${sandbox.baseUrl}/.well-known/openid-configuration`, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(200);
    const document = z
      .object({ issuer: z.string(), authorization_endpoint: z.url(), token_endpoint: z.url() })
      .parse(await response.json());
    expect(document.issuer).toBe(sandbox.baseUrl);
    expect(document.token_endpoint).toBe(`${sandbox.baseUrl}/oauth2/token`);
    expect(new URL(document.token_endpoint).pathname.startsWith('/world/')).toBe(false);
  });
});

describe('developer mode', () => {
  it('exchanges the refresh token for an id_token and an access token', async () => {
    const { developer } = sandbox.config;
    const response = await postToken({ client_id: developer.clientId, grant_type: 'refresh_token', refresh_token: developer.refreshToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = tokenResponseSchema.parse(await response.json());
    expect(body.expires_in).toBe(3600);
    expect(body.id_token?.split('.')).toHaveLength(3);
    for (const part of body.id_token?.split('.') ?? []) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('answers invalid_grant for a wrong refresh token', async () => {
    const response = await postToken({ client_id: sandbox.config.developer.clientId, grant_type: 'refresh_token', refresh_token: 'nope' });
    await expectOAuthError(response, 400, 'invalid_grant');
  });

  it('answers invalid_request when the refresh token or client id is missing', async () => {
    await expectOAuthError(await postToken({ client_id: sandbox.config.developer.clientId, grant_type: 'refresh_token' }), 400, 'invalid_request');
    await expectOAuthError(await postToken({ grant_type: 'refresh_token', refresh_token: sandbox.config.developer.refreshToken }), 400, 'invalid_request');
  });

  it('answers invalid_client with a Basic challenge for an unknown client id', async () => {
    const response = await postToken({ client_id: 'someone-else', grant_type: 'refresh_token', refresh_token: sandbox.config.developer.refreshToken });
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
    await expectOAuthError(response, 401, 'invalid_client');
  });

  it('answers unauthorized_client when the developer client asks for client credentials', async () => {
    await expectOAuthError(await postToken({ client_id: sandbox.config.developer.clientId, grant_type: 'client_credentials' }), 400, 'unauthorized_client');
  });
});

describe('machine mode', () => {
  it('exchanges Basic client credentials for an access token without id_token', async () => {
    const { clientId, clientSecret } = sandbox.config.machine;
    const response = await postToken({ grant_type: 'client_credentials' }, { Authorization: basic(clientId, clientSecret) });
    expect(response.status).toBe(200);
    const body = tokenResponseSchema.parse(await response.json());
    expect(body.id_token).toBeUndefined();
    expect(body.expires_in).toBe(3600);
  });

  it('answers invalid_client for a wrong secret, a malformed header or no authentication', async () => {
    const { clientId } = sandbox.config.machine;
    const attempts: Record<string, string>[] = [{ Authorization: basic(clientId, 'wrong') }, { Authorization: 'Basic !!!' }, {}];
    for (const headers of attempts) {
      const response = await postToken({ grant_type: 'client_credentials' }, headers);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
      await expectOAuthError(response, 401, 'invalid_client');
    }
  });

  it('refuses the secret in the body: Basic authentication is the only method', async () => {
    const { clientId, clientSecret } = sandbox.config.machine;
    const response = await postToken({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    await expectOAuthError(response, 401, 'invalid_client');
  });
});

describe('token endpoint errors (RFC 6749 §5.2)', () => {
  it('answers invalid_request for a body that is not form-encoded', async () => {
    const response = await fetch(`${sandbox.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    await expectOAuthError(response, 400, 'invalid_request');
  });

  it('answers invalid_request for a missing grant_type or a repeated parameter', async () => {
    await expectOAuthError(await postToken({ client_id: sandbox.config.developer.clientId }), 400, 'invalid_request');
    const repeated = await fetch(`${sandbox.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': `${formType}; charset=UTF-8` },
      body: 'grant_type=refresh_token&grant_type=refresh_token',
    });
    await expectOAuthError(repeated, 400, 'invalid_request');
  });

  it('answers unsupported_grant_type for a grant it does not know', async () => {
    await expectOAuthError(await postToken({ grant_type: 'password', username: 'a', password: 'b' }), 400, 'unsupported_grant_type');
  });

  it('accepts only POST', async () => {
    const response = await fetch(`${sandbox.baseUrl}/oauth2/token`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('bearer tokens on the API', () => {
  const title = (): string => sandbox.config.sampleTitles[0] ?? '';

  it('accepts tokens of both modes', async () => {
    expect((await authGet(sandbox, await developerToken(sandbox), catalogPath(title()))).status).toBe(200);
    expect((await authGet(sandbox, await machineToken(sandbox), catalogPath(title()))).status).toBe(200);
  });

  it('challenges a request without a token, and rejects an unknown one with invalid_token', async () => {
    const missing = await authGet(sandbox, null, catalogPath(title()));
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const unknown = await authGet(sandbox, 'not-a-token', catalogPath(title()));
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });
});

describe('token expiry', () => {
  it('stops accepting a token once its lifetime is over', async () => {
    const shortLived = await startSandbox({ tokenTtlSeconds: 1 });
    try {
      const token = await machineToken(shortLived);
      const path = catalogPath(shortLived.config.sampleTitles[0] ?? '');
      expect((await authGet(shortLived, token, path)).status).toBe(200);
      await sleep(1100);
      const expired = await authGet(shortLived, token, path);
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
      // A fresh token works again, with the configured lifetime.
      expect((await authGet(shortLived, await machineToken(shortLived), path)).status).toBe(200);
    } finally {
      await shortLived.close();
    }
  });
});
