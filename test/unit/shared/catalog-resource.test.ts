import { describe, expect, it } from 'vitest';
import { catalogPath, catalogResourceSchema, describeResource, resourceId, resourceOfPurchase } from '../../../shared/catalog/catalog-resource.ts';

describe('catalog resources', () => {
  it('builds each kind of catalog path with its key percent-encoded', () => {
    expect(catalogPath({ kind: 'title', key: 'WYK 1' })).toBe('/world/GB-eaw/titles/WYK%201/catalog');
    expect(catalogPath({ kind: 'address', key: '8e05p\u00b70' })).toBe('/world/GB/addresses/8e05p%C2%B70/catalog');
    expect(catalogPath({ kind: 'spatial', key: '100023336956' })).toBe('/world/GB/spatial/addresses/100023336956/catalog');
  });

  it('refuses keys that cannot name their resource', () => {
    expect(catalogResourceSchema.safeParse({ kind: 'address', key: '8e05p.0' }).success).toBe(false);
    expect(catalogResourceSchema.safeParse({ kind: 'address', key: '8e05p\u00b70' }).success).toBe(true);
    expect(catalogResourceSchema.safeParse({ kind: 'spatial', key: '0123' }).success).toBe(false);
    expect(catalogResourceSchema.safeParse({ kind: 'spatial', key: '1234567890123' }).success).toBe(false);
    expect(catalogResourceSchema.safeParse({ kind: 'spatial', key: '100023336956' }).success).toBe(true);
  });

  it("reads a purchase's resource, the title's when it names none", () => {
    expect(resourceOfPurchase({ titleNumber: 'wyk1' })).toEqual({ kind: 'title', key: 'WYK1' });
    expect(resourceOfPurchase({ resource: { kind: 'spatial', key: '7' }, titleNumber: undefined })).toEqual({ kind: 'spatial', key: '7' });
    expect(resourceOfPurchase({})).toBeUndefined();
    expect(resourceId({ kind: 'address', key: '1\u00b70' })).toBe('address:1\u00b70');
    expect(describeResource({ kind: 'spatial', key: '7' })).toBe('UPRN 7');
  });
});
