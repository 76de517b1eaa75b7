import { describe, expect, it } from 'vitest';
import { checkedResource, parseResourceCatalog } from '../../../../electron/core/catalog/catalog-client.ts';

describe('a resource named to the catalog client', () => {
  it('is normalised when a title, and kept as given when a well-formed address key or UPRN', () => {
    expect(checkedResource({ kind: 'title', key: ' mm 786 ' })).toEqual({ kind: 'title', key: 'MM786' });
    expect(checkedResource({ kind: 'address', key: '8e05p·0' })).toEqual({ kind: 'address', key: '8e05p·0' });
    expect(checkedResource({ kind: 'spatial', key: '100023336956' })).toEqual({ kind: 'spatial', key: '100023336956' });
  });

  it('is refused as a validation error before anything is asked when malformed', () => {
    for (const resource of [{ kind: 'title', key: 'DN-1' }, { kind: 'address', key: '8e05p.0' }, { kind: 'spatial', key: '0123' }] as const) {
      expect(() => checkedResource(resource)).toThrow(expect.objectContaining({ code: 'validation' }));
    }
  });

  it('names its catalog by the resource, and says which in a protocol error', () => {
    const body = JSON.stringify({ '@type': 'Catalog', member: [] });
    expect(parseResourceCatalog({ kind: 'address', key: '8e05p·0' }, body)).toEqual({ resource: { kind: 'address', key: '8e05p·0' }, groups: [], variableCount: 0 });
    expect(() => parseResourceCatalog({ kind: 'spatial', key: '1' }, '{}')).toThrow('The catalog of UPRN 1 is not a valid Catalog document.');
  });
});
