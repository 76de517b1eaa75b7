import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld } from '../../../electron/sandbox/world/build-world.ts';
import { regentFlat, worldTitles } from '../fixtures/batch-file.ts';
import { startTestCore, type TestCore } from '../fixtures/core-fixtures.ts';

let test: TestCore;
let variables: string[];

beforeAll(async () => {
  test = await startTestCore({ port: 0 });
  variables = (test.started.sandbox?.config.sampleVariables ?? []).slice(0, 1);
}, 30_000);

afterAll(async () => {
  await test.close();
});

const plan = (csv: string, tenure: 'all' | 'freehold' | 'leasehold' = 'all') =>
  test.started.core.batches.plan({ environmentId: 'sandbox', source: 'x.csv', csv, variables, tenure, reuseDays: 30, concurrency: 2 });

describe('rows resolved to titles', () => {
  it('by UDPRN and UMRRN, by postcode and building, and by address, with the tenure chosen for the batch', async () => {
    const world = buildWorld();
    const house = world.addresses.find((address) => address.postcode === 'LS23 6TR' && address.buildingNumber === '1' && address.subBuilding === '' && address.buildingName === '');
    const flat = world.addresses.find((address) => address.subBuilding === 'Flat 1' && address.buildingName === 'Regent Mansions');
    if (house === undefined || flat === undefined) throw new Error('The sandbox world changed');
    const csv = [
      'UDPRN,umrrn,Postcode,building,address',
      `${String(flat.udprn)},${String(flat.umrrn)},,,`,
      ',,LS23 6TR,1 Tannery Crescent,',
      ',,LS23 6TR,99999,',
      ',,LS23 6TR,1,',
      `,,,,"${regentFlat().text}"`,
      `${String(house.udprn)},abc,,,`,
    ].join('\n');
    const all = await plan(csv);
    expect(all.items.map((item) => [item.row, item.titleNumber, item.state])).toEqual([
      ...flat.titles.map((title) => [1, title.titleNumber, 'queued']),
      [2, house.titles[0]?.titleNumber, 'queued'],
      [3, null, 'refused'],
      [4, null, 'refused'],
      ...flat.titles.map((title) => [5, title.titleNumber, 'refused']),
      [6, null, 'refused'],
    ]);
    expect(all.items.find((item) => item.row === 3)?.reason).toBe('Address not found.');
    // "1" is a house number of more than one street in the postcode: refused, never guessed.
    expect(all.items.find((item) => item.row === 4)?.reason).toMatch(/^Ambiguous address: \d+ addresses in LS23 6TR match "1"\.$/);
    expect(all.items.filter((item) => item.row === 5).every((item) => item.reason?.startsWith('Duplicate') === true)).toBe(true);
    expect(all.items.find((item) => item.row === 6)?.reason).toBe('Bad UDPRN or UMRRN: digits only.');
    const leasehold = await plan(csv, 'leasehold');
    expect(leasehold.items.filter((item) => item.row === 1).map((item) => item.tenure)).toEqual(['Leasehold']);
    expect(leasehold.items.find((item) => item.row === 2)?.reason).toBe('No leasehold title is registered at this address.');
  });

  it('takes an address typed exactly as the app shows it as that address; an ambiguous one names its matches', async () => {
    const session = test.started.core.environments.session('sandbox');
    const world = buildWorld();
    const house = world.addresses.find((address) => address.postcode === 'LS23 6TR' && address.buildingNumber === '1' && address.subBuilding === '' && address.buildingName === '');
    if (house === undefined) throw new Error('The sandbox world changed');
    // The label the address card shows (and a purchase keeps), and the suggestion list's.
    const [suggestion] = (await session.address.find('1 Tannery Crescent LS23 6TR')).candidates.filter((candidate) => !candidate.isContainer);
    if (suggestion === undefined) throw new Error('no suggestion');
    const card = (await session.address.retrieve(suggestion.id)).label.join(', ');
    expect(card).toBe('1 Tannery Crescent, Boston Spa, WETHERBY, LS23 6TR, UNITED KINGDOM');
    const listed = `${suggestion.text}, ${suggestion.description}`;
    const csv = ['address', `"${card}"`, `"${listed}"`, '"Tannery Crescent, Boston Spa"'].join('\n');
    const planned = await plan(csv);
    const titles = (row: number) => planned.items.filter((item) => item.row === row).map((item) => [item.titleNumber, item.state]);
    expect(titles(1)).toEqual(house.titles.map((title) => [title.titleNumber, 'queued']));
    // The same address again: a duplicate, not an ambiguity.
    expect(planned.items.find((item) => item.row === 2)?.reason).toMatch(/^Duplicate: title/);
    const vague = planned.items.find((item) => item.row === 3);
    expect(vague?.reason).toMatch(/^Ambiguous address: (\d+|10 or more) matches \([^)]*Tannery Crescent, Boston Spa, Wetherby, LS23 6TR; .*\); give a fuller address, a UDPRN or a title number\.$/);
    expect(vague?.input).toEqual({ address: 'Tannery Crescent, Boston Spa' });
  });

  it('keeps the address a row names on its purchases, as a purchase from an address card keeps it', async () => {
    const { batches, purchases } = test.started.core;
    const flat = regentFlat();
    const [plain = ''] = worldTitles(1, flat.titles, 40);
    const csv = ['title_number,Address,building,postcode', `,"${flat.text}",,`, ',,1 Tannery Crescent,LS23 6TR', `${plain},,,`].join('\n');
    const planned = await plan(csv);
    const id = batches.create(planned).id;
    await batches.start(id);
    const addressOf = (row: number) => batches.items(id).filter((item) => item.row === row).map((item) => purchases.get(item.purchaseLocalId ?? '')?.address);
    expect(addressOf(1)).toEqual(flat.titles.map(() => flat.text));
    expect(addressOf(2)).toEqual(['1 Tannery Crescent, LS23 6TR']);
    expect(addressOf(3)).toEqual([undefined]);
  }, 60_000);
});
