import type { SandboxWorld } from '../world/types.ts';
import { addressEntryId } from './provider-ids.ts';

/**
 * The sandbox provider's fixed keys, in Loqate's AA11-AA11-AA11-AA11 form. They are fixed so a
 * demo script or a saved setting keeps working across sandbox restarts.
 */
export const providerKeys: { readonly key: string; readonly keyWithoutMultiResidency: string; readonly expiredKey: string } = {
  key: 'TD11-SB22-LQ33-MR44',
  keyWithoutMultiResidency: 'TD55-SB66-LQ77-NM88',
  expiredKey: 'TD99-SB00-LQ11-EX22',
};

export interface ProviderSamples {
  readonly sampleQueries: string[];
  /** The Retrieve Id of a flat: only it shows the UMRRN (and its absence without the option). */
  readonly multiResidencyAddressId: string;
}

/**
 * Queries that make a good demo of this world: a partial postcode whose container holds a block of
 * flats, that block's street and its name, and a whole house address.
 */
export function providerSamples(world: SandboxWorld): ProviderSamples {
  const flat = world.addresses.find((address) => address.umrrn > 0);
  if (flat === undefined) throw new Error('The sandbox world has no flats to sample');
  const house = world.addresses.find((address) => address.postcode === flat.postcode && address.umrrn === 0 && address.buildingNumber !== '');
  const queries = [
    flat.postcode.slice(0, -1),
    flat.street,
    flat.buildingName,
    ...(house === undefined ? [] : [`${house.buildingNumber} ${house.street}`]),
  ];
  return { sampleQueries: [...new Set(queries)], multiResidencyAddressId: addressEntryId(flat) };
}
