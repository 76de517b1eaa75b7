import type { AddressCandidate } from '../../../shared/property/address.ts';
import { formatNumber } from '../common/number.ts';

export interface CandidateLabel {
  /** The description without the provider's count suffix. */
  readonly description: string;
  /** How many addresses a container holds, when the provider says. */
  readonly count: number | undefined;
}

// The provider appends the size of a container to its description: "…, Wetherby - 38 Addresses".
const countSuffix = /\s+-\s+(\d+)\s+addresses?\s*$/i;

export function describeCandidate(candidate: AddressCandidate): CandidateLabel {
  const match = countSuffix.exec(candidate.description);
  if (!candidate.isContainer || match === null) return { description: candidate.description, count: undefined };
  return { description: candidate.description.slice(0, match.index), count: Number(match[1]) };
}

export function formatCount(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'address' : 'addresses'}`;
}
