import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addEnvironment, openSettings, screenshot } from '../support/app-page.ts';
import { recordEventStream } from '../support/host-api.ts';
import { startTitleDeskWeb, type TitleDeskWeb } from '../support/titledesk-web.ts';

let host: TitleDeskWeb;

test.beforeAll(async () => {
  host = await startTitleDeskWeb();
});

test.afterAll(async () => {
  await host.stop();
});

test('a typed refresh token never appears in the page, the DOM, storage, or any answer of the host', async ({ page }, testInfo) => {
  const secret = `rt-${randomBytes(24).toString('hex')}`;
  const events = recordEventStream(host);
  const bodies: Promise<{ url: string; body: string }>[] = [];
  const sentBodies: string[] = [];
  page.on('request', (request) => { sentBodies.push(request.postData() ?? ''); });
  page.on('response', (response) => {
    // The page's event stream never ends, so its body cannot be read here; the test's own
    // listener on the same stream (recordEventStream) covers what the host pushes.
    if ((response.headers()['content-type'] ?? '').startsWith('text/event-stream')) return;
    bodies.push(response.text().then((body) => ({ url: response.url(), body })));
  });

  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  await addEnvironment(page, { name: 'Staging', baseUrl: 'https://staging.example.invalid', developerClientId: 'developer-client' });

  const dialog = await openSettings(page, 'Credentials');
  await dialog.getByLabel('Credentials for').selectOption({ label: 'Staging' });
  const field = dialog.getByRole('form', { name: 'Refresh token' });
  const input = field.getByLabel('Refresh token', { exact: true });
  await expect(field.getByRole('status')).toHaveText('Not set.');
  await input.fill(secret);
  // Even while typed and unsaved, the value lives only in the input's state, not in the markup.
  expect(await page.content()).not.toContain(secret);
  await field.getByRole('button', { name: 'Save' }).click();
  await expect(field.getByRole('status')).toHaveText('Saved: kept for this session only: no OS keychain on this machine.');
  await expect(input).toHaveValue('');
  await expect(input).toHaveAttribute('type', 'password');
  await screenshot(page, testInfo, 'credentials-saved');

  // Reopening shows only that it is set and where it lives.
  await page.keyboard.press('Escape');
  const reopened = await openSettings(page, 'Credentials');
  await reopened.getByLabel('Credentials for').selectOption({ label: 'Staging' });
  await expect(reopened.getByRole('form', { name: 'Refresh token' }).getByRole('status')).toHaveText(
    'Set: kept for this session only: no OS keychain on this machine.',
  );
  await page.keyboard.press('Escape');

  // The value did go to the host: that is where it is kept.
  expect(sentBodies.some((body) => body.includes(secret))).toBe(true);

  expect(await page.content()).not.toContain(secret);
  const pageText = await page.evaluate(() => ({
    text: document.body.innerText,
    inputs: [...document.querySelectorAll('input')].map((element) => element.value).join('\n'),
    session: JSON.stringify(Object.entries(sessionStorage)),
    local: JSON.stringify(Object.entries(localStorage)),
  }));
  expect(pageText.text).not.toContain(secret);
  expect(pageText.inputs).not.toContain(secret);
  expect(pageText.session).not.toContain(secret);
  expect(pageText.local).not.toContain(secret);

  const responses = await Promise.all(bodies);
  expect(responses.some(({ url }) => decodeURIComponent(url).endsWith('/api/invoke/credentials:set'))).toBe(true);
  expect(responses.filter(({ body }) => body.includes(secret)).map(({ url }) => url)).toEqual([]);
  events.close();
  expect(events.text()).toContain('event: auth:changed');
  expect(events.text()).not.toContain(secret);
});
