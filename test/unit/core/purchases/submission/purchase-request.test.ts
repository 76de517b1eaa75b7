import { describe, expect, it } from 'vitest';
import { buildPurchaseRequest, resourceFields } from '../../../../../electron/core/purchases/submission/purchase-request.ts';

const base = new URL('https://api.example.test');
const variables = ['https://api.example.test/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)'];

describe('the purchase POST', () => {
  it('goes to a title\'s catalog exactly as it always did', () => {
    const request = buildPurchaseRequest(base, { kind: 'title', key: 'WYK1' }, variables, {});
    expect(request.url.href).toBe('https://api.example.test/world/GB-eaw/titles/WYK1/catalog');
  });

  it('goes to a postal address\'s catalog with the key\'s dot percent-encoded, and to a UPRN\'s', () => {
    expect(buildPurchaseRequest(base, { kind: 'address', key: '8e05p·0' }, variables, {}).url.href).toBe('https://api.example.test/world/GB/addresses/8e05p%C2%B70/catalog');
    expect(buildPurchaseRequest(base, { kind: 'spatial', key: '100023336956' }, variables, {}).url.href).toBe('https://api.example.test/world/GB/spatial/addresses/100023336956/catalog');
  });

  it('sends the same body and preferences whatever the catalog', () => {
    const title = buildPurchaseRequest(base, { kind: 'title', key: 'WYK1' }, variables, { fireAndForget: true });
    const address = buildPurchaseRequest(base, { kind: 'address', key: '8e05p·0' }, variables, { fireAndForget: true });
    expect(address.body).toBe(title.body);
    expect(address.headers).toEqual(title.headers);
    expect(JSON.parse(String(address.body))).toEqual({ '@context': 'https://api.example.test/.hydra/context.jsonld', '@type': 'PurchaseVariableAction', variables });
  });
});

describe('what a record names', () => {
  it('names a title by its number and any other catalog by its resource', () => {
    expect(resourceFields({ kind: 'title', key: 'WYK1' })).toEqual({ titleNumber: 'WYK1' });
    expect(resourceFields({ kind: 'address', key: '8e05p·0' })).toEqual({ resource: { kind: 'address', key: '8e05p·0' } });
    expect(resourceFields({ kind: 'spatial', key: '100023336956' })).toEqual({ resource: { kind: 'spatial', key: '100023336956' } });
  });
});
