/**
 * The sandbox's fictional but UK-shaped world. One deterministic generator (world/build-world.ts)
 * builds it; the service (addresses endpoint, titles) and the address provider (Find/Retrieve)
 * both read it, so they always agree.
 */
export type Tenure = 'Freehold' | 'Leasehold';

export interface SandboxTitle {
  readonly titleNumber: string;
  readonly tenure: Tenure;
}

export interface SandboxAddress {
  /** Royal Mail UDPRN: 8 digits. */
  readonly udprn: number;
  /** Multi-residence reference: 0 for an ordinary delivery point, >0 for a dwelling behind one. */
  readonly umrrn: number;
  /** Ordnance Survey UPRN, as digits. */
  readonly uprn: string;
  readonly company: string;
  readonly subBuilding: string;
  readonly buildingNumber: string;
  readonly buildingName: string;
  readonly street: string;
  readonly district: string;
  readonly city: string;
  /** Local authority (the provider's AdminAreaName). */
  readonly adminArea: string;
  /** County or region (the provider's Province). */
  readonly province: string;
  readonly postcode: string;
  /** Titles registered against this address, e.g. a flat's leasehold plus its block's freehold. */
  readonly titles: readonly SandboxTitle[];
}

export interface SandboxWorld {
  readonly addresses: readonly SandboxAddress[];
  /** Every title number that exists, each with its tenure. */
  readonly titles: ReadonlyMap<string, SandboxTitle>;
  readonly postcodes: readonly string[];
}
