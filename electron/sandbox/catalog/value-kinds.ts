/** How a variable's value is made up: each kind gives realistic strings for its sort of data. */
export type ValueKind =
  | { readonly kind: 'int'; readonly min: number; readonly max: number }
  | { readonly kind: 'money'; readonly min: number; readonly max: number; readonly step: number }
  | { readonly kind: 'decimal'; readonly min: number; readonly max: number; readonly places: number }
  | { readonly kind: 'date'; readonly fromYear: number; readonly toYear: number }
  | { readonly kind: 'band'; readonly values: readonly string[] }
  | { readonly kind: 'bool'; readonly trueShare: number }
  | { readonly kind: 'address'; readonly field: 'uprn' | 'udprn' | 'umrrn' | 'postcode' | 'city' }
  | { readonly kind: 'tenure' };

export const int = (min: number, max: number): ValueKind => ({ kind: 'int', min, max });
export const money = (min: number, max: number, step = 1000): ValueKind => ({ kind: 'money', min, max, step });
export const decimal = (min: number, max: number, places = 1): ValueKind => ({ kind: 'decimal', min, max, places });
export const date = (fromYear: number, toYear: number): ValueKind => ({ kind: 'date', fromYear, toYear });
export const band = (...values: string[]): ValueKind => ({ kind: 'band', values });
export const bool = (trueShare = 0.5): ValueKind => ({ kind: 'bool', trueShare });
export const address = (field: 'uprn' | 'udprn' | 'umrrn' | 'postcode' | 'city'): ValueKind => ({ kind: 'address', field });
export const tenure: ValueKind = { kind: 'tenure' };

/** One row of a dataset: `{scheme}/{taxonomy}#{classification}/{name}` and its price in GBP. */
export interface VariableRow {
  readonly scheme: string;
  readonly taxonomy: string;
  readonly classification: string;
  readonly name: string;
  readonly price: number;
  readonly value: ValueKind;
}

export const row = (scheme: string, taxonomy: string, classification: string, name: string, price: number, value: ValueKind): VariableRow => ({
  scheme,
  taxonomy,
  classification,
  name,
  price,
  value,
});

/** A dataset sold by one provider: all its variables share a fulfilment time. */
export interface Dataset {
  readonly provider: string;
  readonly source: string;
  /** Seconds to fulfil a purchase, drawn in this range; [0, 0] is instant. */
  readonly readySeconds: readonly [number, number];
  /** When set, only titles of this tenure offer the dataset. */
  readonly tenure?: 'Freehold' | 'Leasehold';
  readonly rows: readonly VariableRow[];
}
