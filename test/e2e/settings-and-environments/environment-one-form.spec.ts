import { expect, test } from '@playwright/test';
import { sandboxCredentials } from '../../../electron/sandbox/auth/credentials.ts';
import { providerKeys } from '../../../electron/sandbox/provider/keys.ts';
import { defaultWorldSeed } from '../../../electron/sandbox/world/build-world.ts';
import { collectPageProblems, openSettings, openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke, sandboxEnvironment } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

for (const scheme of ['light', 'dark'] as const) {
  test(`an environment and its credentials in one form, tested right there (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const problems = collectPageProblems(page);
    await openSignedIn(page, host);
    // The built-in sandbox stands in for a real service, under a name and credentials of its own.
    const { baseUrl } = await sandboxEnvironment(host);
    const { developer } = sandboxCredentials(defaultWorldSeed);
    const name = `Staging ${scheme}`;
    const dialog = await openSettings(page, 'Environments');
    await dialog.getByRole('button', { name: 'Add environment' }).click();
    const form = dialog.getByRole('form', { name: 'Add environment' });
    await form.getByLabel(/^Custom/).check();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Service base URL').fill(baseUrl);
    await form.getByLabel('Developer client id (optional)').fill(developer.clientId);
    await form.getByLabel(/^Staging: a test service/).check();
    // The credentials are in the same form, with where to find the refresh token.
    await expect(form.getByText('On the My Tokens page of your developer account.', { exact: false })).toBeVisible();
    await form.getByLabel('Refresh token', { exact: true }).fill(developer.refreshToken);
    await form.getByLabel('Find URL').fill(`${baseUrl}/Capture/Interactive/Find/v1.1/json3.ws`);
    await form.getByLabel('Retrieve URL').fill(`${baseUrl}/Capture/Interactive/Retrieve/v1.2/json3.ws`);
    await form.getByLabel('Address provider key', { exact: true }).fill(providerKeys.key);
    await screenshot(page, testInfo, `environment-form-${scheme}`);
    await form.getByRole('button', { name: 'Add environment' }).click();

    const saved = dialog.getByRole('region', { name: `${name} is saved` });
    await expect(saved.getByRole('status').first()).toContainText('2 credentials saved.');
    await expect(saved.getByRole('heading', { name: `${name} is saved` })).toBeFocused();
    await saved.getByRole('button', { name: 'Test connection' }).click();
    await expect(saved.getByText('Connected: TitleDesk can sign in to this service.')).toBeVisible();
    await saved.getByRole('button', { name: 'Test key' }).click();
    await expect(saved.getByText('The address provider accepted the key.')).toBeVisible();
    await screenshot(page, testInfo, `environment-saved-${scheme}`);
    await saved.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add environment' })).toBeFocused();

    // Stored where core keeps secrets: the status says set, and no value reached the page.
    const { environments } = (await invoke(host, 'environment:list')) as { environments: { id: string; name: string }[] };
    const id = environments.find((environment) => environment.name === name)?.id ?? '';
    expect(await invoke(host, 'credentials:status', { environmentId: id })).toMatchObject({ present: { refreshToken: true, providerKey: true } });
    const html = await page.content();
    expect(html).not.toContain(developer.refreshToken);
    expect(html).not.toContain(providerKeys.key);
    expect(problems).toEqual([]);
  });
}
