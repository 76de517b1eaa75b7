import { expect, test } from '@playwright/test';
import { rawRequest } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

const ownHost = (): string => `127.0.0.1:${host.port}`;
const listPath = '/api/invoke/environment:list';
const json = { 'content-type': 'application/json' };

test('the contract answers a request with the launch key and our own Host', async () => {
  const response = await rawRequest(host, listPath, { method: 'POST', headers: { ...json, host: ownHost(), 'x-titledesk-key': host.launchKey } });
  expect(response.status).toBe(200);
  expect(JSON.parse(response.body)).toMatchObject({ ok: true });
});

test('requests without the launch key, or with a wrong one, get 401', async () => {
  const missing = await rawRequest(host, listPath, { method: 'POST', headers: { ...json, host: ownHost() } });
  expect(missing.status).toBe(401);
  const wrong = await rawRequest(host, listPath, { method: 'POST', headers: { ...json, host: ownHost(), 'x-titledesk-key': 'not-the-key' } });
  expect(wrong.status).toBe(401);
  const events = await rawRequest(host, '/api/events', { headers: { host: ownHost() } });
  expect(events.status).toBe(401);
  expect(missing.body).not.toContain('environments');
});

test('a foreign Host header (DNS rebinding) or Origin is refused with 403, even with the key', async () => {
  const rebound = await rawRequest(host, listPath, { method: 'POST', headers: { ...json, host: `attacker.example:${host.port}`, 'x-titledesk-key': host.launchKey } });
  expect(rebound.status).toBe(403);
  const page = await rawRequest(host, '/', { headers: { host: 'attacker.example' } });
  expect(page.status).toBe(403);
  const crossSite = await rawRequest(host, listPath, {
    method: 'POST',
    headers: { ...json, host: ownHost(), origin: 'https://attacker.example', 'x-titledesk-key': host.launchKey },
  });
  expect(crossSite.status).toBe(403);
});

test('a page opened without the key explains how to open it properly', async ({ page }) => {
  await page.goto(host.origin);
  await expect(page.getByRole('alert')).toContainText('This page was opened without its launch key.');
});
