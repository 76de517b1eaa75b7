import { expect, test } from '@playwright/test';
import { collectPageProblems, openSettings, screenshot } from '../support/app-page.ts';
import { startTitleDeskWeb, type TitleDeskWeb } from '../support/titledesk-web.ts';

let host: TitleDeskWeb;

test.beforeAll(async () => {
  host = await startTitleDeskWeb();
});

test.afterAll(async () => {
  await host.stop();
});

async function saveCredential(dialog: ReturnType<typeof openSettings> extends Promise<infer D> ? D : never, label: string, value: string): Promise<void> {
  const field = dialog.getByRole('form', { name: label });
  await field.getByLabel(label, { exact: true }).fill(value);
  await field.getByRole('button', { name: 'Save' }).click();
  await expect(field.getByRole('status')).toContainText('Saved:');
}

test('test connection and test key show each step against the sandbox, good and bad', async ({ page }, testInfo) => {
  const problems = collectPageProblems(page);
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  const dialog = await openSettings(page, 'Credentials');
  await expect(dialog.getByText('The refresh token is on the My Tokens page of your developer account.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Test connection' }).click();
  const steps = dialog.getByRole('list', { name: 'Connection test steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await expect(steps.getByRole('listitem').nth(0)).toContainText(/✓ Find the service \d+ ms/);
  await expect(steps.getByRole('listitem').nth(1)).toContainText(/✓ Get a token \d+ msThe refresh token was accepted/);
  await expect(dialog.getByText('Connected: TitleDesk can sign in to this service.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Test key' }).click();
  await expect(dialog.getByText('The address provider accepted the key.')).toBeVisible();
  // On the sandbox the test also retrieves a flat (free there), so it can say whether UMRRNs come back.
  await expect(dialog.getByRole('list', { name: 'Key test steps' }).getByRole('listitem')).toHaveText([/✓ Search with the key/, /✓ Retrieve one address/]);
  await expect(dialog.getByText('The account returns UMRRNs (the multi-residency option is on).')).toBeVisible();
  await screenshot(page, testInfo, 'onboarding-tests-passed');

  await saveCredential(dialog, 'Address provider key', 'TD55-SB66-LQ77-NM88');
  await dialog.getByRole('button', { name: 'Test key' }).click();
  await expect(dialog.getByText(/The account returns no UMRRNs/)).toBeVisible();

  await saveCredential(dialog, 'Refresh token', 'not-a-real-refresh-token');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByText('The connection test failed.')).toBeVisible();
  await expect(steps.getByRole('listitem').nth(1)).toContainText('✗ Get a token');
  await expect(steps.locator('code')).toHaveText('invalid_grant');

  await saveCredential(dialog, 'Address provider key', 'ZZ98-XY76-QQ54-WV32');
  await dialog.getByRole('button', { name: 'Test key' }).click();
  await expect(dialog.getByText('The address provider refused the key.')).toBeVisible();
  // TitleDesk names the refusal, then shows the provider's own words with its error number.
  const refusal = dialog.locator('.test-provider-error');
  await expect(refusal).toHaveAttribute('data-error-code', 'provider_unknown_key');
  await expect(refusal).toContainText('The address provider does not know this key.');
  await expect(refusal).toContainText('The address provider said: “Unknown key — ');
  await expect(refusal).toContainText('(error 2)Its advice: “Please check that the key is correct');
  await screenshot(page, testInfo, 'onboarding-tests-failed-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'onboarding-tests-failed-dark');
  expect(await page.content()).not.toContain('not-a-real-refresh-token');
  expect(problems.filter((problem) => !/status of 4\d\d/.test(problem))).toEqual([]);
});
