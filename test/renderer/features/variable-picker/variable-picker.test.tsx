import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VariablePicker } from '../../../../renderer/features/variable-picker/VariablePicker.tsx';
import { matchKeys, parseIriList, summarise, variableKey } from '../../../../renderer/features/variable-picker/catalog-selection.ts';
import type { PurchaseOptions } from '../../../../shared/purchase/purchase.ts';
import { sandbox } from '../../support/fake-api.ts';
import { renderWithApi } from '../../support/render-app.tsx';
import { presetList, type SavedPreset } from '../../../../shared/catalog/variable-presets.ts';
import { catalog, createFeatureApi, ok, purchase, type Answers } from '../support/feature-api.ts';

afterEach(cleanup);
beforeEach(() => { window.localStorage.clear(); });

function setup(testTitle = false) {
  const fake = createFeatureApi({ 'purchase:create': (request) => ok(accepted(request.variables, request.options ?? {})) });
  renderWithApi(fake.api, <VariablePicker environment={sandbox} catalog={catalog} testTitle={testTitle} markedTestTitle={false} onMarkTestTitle={() => undefined} />);
  return fake;
}

function setupWith(answers: Answers) {
  const fake = createFeatureApi(answers);
  renderWithApi(fake.api, <VariablePicker environment={sandbox} catalog={catalog} testTitle={false} markedTestTitle={false} onMarkTestTitle={() => undefined} />);
  return fake;
}

/** Presets kept as core keeps them in settings: the list answers with the built-in ones first. */
function presetSettings() {
  let saved: SavedPreset[] = [];
  const answers: Answers = {
    'presets:list': () => ok(presetList(saved)),
    'presets:save': (request) => {
      saved = [...saved.filter((preset) => preset.name !== request.name), { name: request.name, keys: request.keys }];
      return ok(presetList(saved));
    },
  };
  return { answers, saved: () => saved };
}

function accepted(variables: string[], options: PurchaseOptions) {
  return purchase({ variables, options, purchaseId: '853bcf91', resultUrl: 'http://127.0.0.1:4010/purchases/853bcf91' });
}

const box = (name: string): HTMLElement => screen.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()£⋯+]/g, '.')}`) });

describe('variable picker', () => {
  it('keeps a running count and total, and names both on the Buy button', () => {
    setup();
    expect(screen.getByText('No variables selected')).toBeTruthy();
    fireEvent.click(box('Estimated Sale Value (£)'));
    fireEvent.click(box('Estimate Confidence'));
    fireEvent.click(box('Bedroom Count'));
    expect(screen.getByText('3 variables selected, £4.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy 3 variables for £4.00' })).toBeTruthy();
  });

  it('says how many catalog entries could not be read, and only when some could not', () => {
    renderWithApi(createFeatureApi({}).api, <VariablePicker environment={sandbox} catalog={{ ...catalog, unreadable: 2 }} testTitle={false} markedTestTitle={false} onMarkTestTitle={() => undefined} />);
    expect(screen.getByRole('note').textContent).toBe('2 catalog entries could not be read and are not offered here.');
    cleanup();
    setup();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('filters by name, scheme or provider across every word', () => {
    setup();
    fireEvent.change(screen.getByLabelText('Filter variables'), { target: { value: 'valuation zoopla' } });
    expect(screen.getByText('3 of 6 variables match')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Bedroom/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Filter variables'), { target: { value: 'nothing like this' } });
    expect(screen.getByText('No variables match the filter.')).toBeTruthy();
  });

  it('selects all in a group, and a second click clears the group', () => {
    setup();
    const all = screen.getByRole('checkbox', { name: 'Select all in Zoopla / Property Data' });
    fireEvent.click(box('Estimate Confidence'));
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(all);
    expect(screen.getByText('3 variables selected, £5.50')).toBeTruthy();
    expect(all.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(all);
    expect(screen.getByText('No variables selected')).toBeTruthy();
  });

  it('selects pasted IRIs, whatever base they were written with, and lists those not offered', () => {
    setup();
    fireEvent.click(screen.getByText('Paste variable IRIs'));
    const pasted = [
      'https://api.whenfresh.com/vars/Zoopla/Property Data#Market/Valuation/Rent/Estimated Monthly Rent (£)',
      `"${catalog.groups[0]?.schemes[0]?.variables[0]?.iri ?? ''}",`,
      'https://api.whenfresh.com/vars/Nobody/Nothing#A/B/Unknown',
      '',
    ].join('\n');
    fireEvent.change(screen.getByLabelText('Variable IRIs, one per line'), { target: { value: pasted } });
    fireEvent.click(screen.getByRole('button', { name: 'Select these' }));
    expect(screen.getByText('2 variables selected.')).toBeTruthy();
    expect(screen.getByText('https://api.whenfresh.com/vars/Nobody/Nothing#A/B/Unknown')).toBeTruthy();
    expect(screen.getByText('2 variables selected, £2.50')).toBeTruthy();
  });

  it('adds the Valuation pack, saves the selection as a preset in settings, and keeps it for next time', async () => {
    const settings = presetSettings();
    setupWith(settings.answers);
    fireEvent.click(screen.getByRole('button', { name: 'Add preset' }));
    expect(screen.getByText(/Valuation pack: 4 of 7 variables added/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save selection as preset…' }));
    fireEvent.change(screen.getByLabelText('Preset name'), { target: { value: 'Rent check' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => { expect(settings.saved()).toEqual([{ name: 'Rent check', keys: expect.arrayContaining([expect.stringContaining('Estimated Monthly Rent')]) as unknown }]); });
    expect(window.localStorage.getItem('titledesk.variable-presets')).toBeNull();
    cleanup();
    setupWith(settings.answers);
    expect(await screen.findByRole('option', { name: 'Rent check (4)' })).toBeTruthy();
  });

  it('refuses a built-in preset name before saving, and shows why core refused one', async () => {
    const settings = presetSettings();
    setupWith({ ...settings.answers, 'presets:save': () => ({ ok: false, error: { code: 'validation', message: 'too many presets' } }) });
    fireEvent.click(box('Estimated Sale Value (£)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save selection as preset…' }));
    fireEvent.change(screen.getByLabelText('Preset name'), { target: { value: ' valuation PACK ' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Preset name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('too many presets');
    expect(settings.saved()).toEqual([]);
  });

  it('moves presets kept in this window\'s storage into settings once, then forgets them here', async () => {
    window.localStorage.setItem('titledesk.variable-presets', JSON.stringify([{ name: 'Old pack', keys: ['Zoopla/Property Data#Market/Valuation/Sale/Estimate Confidence'] }, { name: '', keys: [] }]));
    const settings = presetSettings();
    setupWith(settings.answers);
    await waitFor(() => { expect(settings.saved()).toEqual([{ name: 'Old pack', keys: ['Zoopla/Property Data#Market/Valuation/Sale/Estimate Confidence'] }]); });
    expect(window.localStorage.getItem('titledesk.variable-presets')).toBeNull();
    expect(await screen.findByRole('option', { name: 'Old pack (1)' })).toBeTruthy();
  });

  it('confirms naming the environment, then buys with the options chosen', async () => {
    const fake = setup(true);
    fireEvent.click(box('Estimated Sale Value (£)'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Fire and forget/ }));
    fireEvent.change(screen.getByLabelText('Test delay (seconds)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy 1 variable for £3.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog.textContent).toContain('Sandbox');
    expect(dialog.textContent).toContain('nothing is charged');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for £3.00' }));
    await waitFor(() => { expect(fake.callsTo('purchase:create')).toHaveLength(1); });
    expect(fake.callsTo('purchase:create')[0]).toEqual({
      titleNumber: 'WYK638009',
      variables: [catalog.groups[1]?.schemes[0]?.variables[0]?.iri],
      options: { fireAndForget: true, minWaitSeconds: 5 },
    });
    await screen.findByText(/Purchase of 1 variable of WYK638009 sent/);
    expect(screen.getByText('No variables selected')).toBeTruthy();
  });

  it('a title reached from an address buys with that address, said in the confirmation', async () => {
    const address = 'Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR';
    const fake = createFeatureApi({ 'purchase:create': (request) => ok(accepted(request.variables, {})) });
    renderWithApi(fake.api, <VariablePicker environment={sandbox} catalog={catalog} address={address} testTitle={false} markedTestTitle={false} onMarkTestTitle={() => undefined} />);
    fireEvent.click(box('Estimated Sale Value (£)'));
    fireEvent.click(screen.getByRole('button', { name: 'Buy 1 variable for £3.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog.textContent).toContain(`title WYK638009 (${address}) for £3.00`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy for £3.00' }));
    await waitFor(() => { expect(fake.callsTo('purchase:create')).toHaveLength(1); });
    expect(fake.callsTo('purchase:create')[0]).toMatchObject({ titleNumber: 'WYK638009', address });
  });

  it('keeps the selection when the service refuses the purchase, says why, and tries again', async () => {
    let attempts = 0;
    const fake = createFeatureApi({
      'purchase:create': (request) => {
        attempts += 1;
        if (attempts > 1) return ok(accepted(request.variables, {}));
        const error = { code: 'service_unavailable' as const, message: 'POST /purchases answered 503 after 3 attempts.' };
        return ok(purchase({ variables: request.variables, state: 'failed', error }));
      },
    });
    renderWithApi(fake.api, <VariablePicker environment={sandbox} catalog={catalog} testTitle={false} markedTestTitle={false} onMarkTestTitle={() => undefined} />);
    fireEvent.click(box('Estimated Sale Value (£)'));
    fireEvent.click(box('Bedroom Count'));
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2 variables for £3.50' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Buy for £3.50' }));
    await screen.findByText(/The purchase was not accepted/);
    expect(screen.getByRole('alert').textContent).toContain('The service is unavailable');
    expect(screen.queryByText(/sent: follow it/)).toBeNull();
    expect(screen.getByText('2 variables selected, £3.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Buy for £3.50' }));
    await screen.findByText(/Purchase of 2 variables of WYK638009 sent/);
    expect(fake.callsTo('purchase:create')).toHaveLength(2);
    expect(screen.getByText('No variables selected')).toBeTruthy();
    expect(screen.queryByText(/The purchase was not accepted/)).toBeNull();
  });
});

describe('catalog selection', () => {
  it('keys a variable without its base, so lists match across environments', () => {
    expect(variableKey('http://127.0.0.1:1234/vars/EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating')).toBe('EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating');
    expect(matchKeys(catalog, ['Zoopla/Property Data#Market/Valuation/Sale/Estimate Confidence']).matched).toHaveLength(1);
  });

  it("finds a preset's variables in a catalog of the older identifiers, and selects the catalog's own", () => {
    const older = {
      ...catalog,
      groups: catalog.groups.map((group) => ({
        ...group,
        schemes: group.schemes.map((scheme) => ({
          ...scheme,
          variables: scheme.variables.map((variable) => ({
            ...variable,
            iri: `http://127.0.0.1:1234/variable/${variable.provider}/${variable.source}/${[...variable.schemePath, variable.name].join('/')}/provenance/${variable.provider}/${variable.source}`,
          })),
        })),
      })),
    };
    const wanted = 'Zoopla/Property Data#Market/Valuation/Sale/Estimate Confidence';
    const { matched, unknown } = matchKeys(older, [wanted, 'Nobody/Nothing#A/B']);
    expect(matched).toEqual(['http://127.0.0.1:1234/variable/Zoopla/Property Data/Market/Valuation/Sale/Estimate Confidence/provenance/Zoopla/Property Data']);
    expect(unknown).toEqual(['Nobody/Nothing#A/B']);
    // A selection saved from that catalog is kept in the one form presets use.
    expect(variableKey(matched[0] ?? '')).toBe(wanted);
  });

  it('splits a pasted list on line breaks only: IRIs hold spaces', () => {
    expect(parseIriList(' a b#c/d \r\n\n<e f#g/h>;\n')).toEqual(['a b#c/d', 'e f#g/h']);
  });

  it('totals without binary rounding tails', () => {
    const iris = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables.map((variable) => variable.iri)));
    expect(summarise(catalog, new Set(iris)).totals).toEqual([{ value: 8, currency: 'GBP' }]);
  });
});
