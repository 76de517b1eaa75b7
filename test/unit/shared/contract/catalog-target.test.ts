import { describe, expect, it } from 'vitest';
import { requestChannels } from '../../../../shared/contract/channels.ts';

const catalogRequest = (payload: unknown) => requestChannels['catalog:get'].request.safeParse(payload);
const purchaseRequest = (payload: unknown) => requestChannels['purchase:create'].request.safeParse(payload);

describe('catalog:get and purchase:create name a title or another resource', () => {
  it('keep a title named by its number, as before', () => {
    expect(catalogRequest({ titleNumber: ' WYK1 ' })).toMatchObject({ success: true, data: { titleNumber: 'WYK1', target: 'WYK1' } });
    expect(purchaseRequest({ titleNumber: 'WYK1', variables: ['v'] })).toMatchObject({ success: true, data: { target: 'WYK1' } });
  });

  it('take a postal address by its key and a spatial address by its UPRN', () => {
    const address = { kind: 'address', key: '8e05p·0' };
    const uprn = { kind: 'spatial', key: '100023336956' };
    expect(catalogRequest({ resource: address })).toMatchObject({ success: true, data: { target: address } });
    expect(purchaseRequest({ resource: uprn, variables: ['v'], address: 'Flat 2, LS23 6TR' })).toMatchObject({ success: true, data: { target: uprn } });
  });

  it('refuse both, neither, and a malformed key, saying why', () => {
    const both = catalogRequest({ titleNumber: 'WYK1', resource: { kind: 'spatial', key: '1' } });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe('name one of titleNumber or resource (a title, a postal address or a UPRN)');
    expect(purchaseRequest({ variables: ['v'] }).success).toBe(false);
    expect(catalogRequest({ resource: { kind: 'address', key: '8e05p.0' } }).success).toBe(false);
    expect(catalogRequest({ resource: { kind: 'spatial', key: '0123' } }).success).toBe(false);
  });
});
