import type { Random } from './prng.ts';

/**
 * Hands out the world's identifiers. Each kind comes from a strictly increasing counter (or a
 * checked set for titles), so uniqueness holds by construction rather than by luck.
 */
export interface IdentifierAllocator {
  /** Royal Mail UDPRN: 8 digits. */
  udprn(): number;
  /** Multi-residence reference, distinct across the whole world. */
  umrrn(): number;
  /** Ordnance Survey UPRN: 12 digits. */
  uprn(): string;
  /** England & Wales title number: the prefix then 3 to 6 digits. */
  titleNumber(prefix: string): string;
}

/** The first UDPRN handed out: the worked example of the address key (`8e05p·0`) exists in the world. */
export const firstUdprn = 14090317;

export function createIdentifierAllocator(random: Random): IdentifierAllocator {
  let nextUdprn = firstUdprn;
  let nextUmrrn = 52000000 + random.int(0, 99999);
  let nextUprn = 100050000000 + random.int(0, 999999);
  const titles = new Set<string>();
  return {
    udprn: () => {
      const value = nextUdprn;
      nextUdprn += random.int(1, 29);
      return value;
    },
    umrrn: () => {
      const value = nextUmrrn;
      nextUmrrn += random.int(1, 13);
      return value;
    },
    uprn: () => {
      const value = nextUprn;
      nextUprn += random.int(1, 400);
      return String(value);
    },
    titleNumber: (prefix) => {
      for (;;) {
        // Most titles have six digits; older registrations are shorter (MM786).
        const digits = random.chance(0.85) ? 6 : random.int(3, 5);
        const candidate = `${prefix}${random.int(10 ** (digits - 1), 10 ** digits - 1)}`;
        if (!titles.has(candidate)) {
          titles.add(candidate);
          return candidate;
        }
      }
    },
  };
}
