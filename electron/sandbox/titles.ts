import { createRandom, hashString } from './seeded.ts';
import type { SandboxAddress, SandboxTitle, SandboxWorld } from './world/types.ts';

/** Titles of the world with the addresses they are registered against. */
export class TitleIndex {
  readonly #world: SandboxWorld;
  readonly #addresses = new Map<string, SandboxAddress[]>();

  constructor(world: SandboxWorld) {
    this.#world = world;
    for (const address of world.addresses) {
      for (const title of address.titles) {
        const list = this.#addresses.get(title.titleNumber);
        if (list === undefined) this.#addresses.set(title.titleNumber, [address]);
        else list.push(address);
      }
    }
  }

  get(titleNumber: string): SandboxTitle | undefined {
    return this.#world.titles.get(titleNumber);
  }

  addressesOf(titleNumber: string): readonly SandboxAddress[] {
    return this.#addresses.get(titleNumber) ?? [];
  }

  /**
   * The address whose facts (UPRN, postcode…) a title's values use: its only address, or for a
   * block's freehold the first dwelling of the block.
   */
  primaryAddress(titleNumber: string): SandboxAddress | undefined {
    return this.addressesOf(titleNumber)[0];
  }
}

export interface ChosenTitles {
  /** The five titles on which service.min-wait is honoured. */
  readonly testTitles: readonly string[];
  /** Titles for demos: a flat's leasehold, its block's freehold, and a house's freehold. */
  readonly sampleTitles: readonly string[];
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    const a = copy[index];
    const b = copy[other];
    if (a === undefined || b === undefined) continue;
    copy[index] = b;
    copy[other] = a;
  }
  return copy;
}

/** Samples come from the world's first postcode (the one the docs use); test titles from anywhere else. */
function chooseSamples(world: SandboxWorld): string[] {
  const first = world.postcodes[0];
  const local = world.addresses.filter((address) => address.postcode === first);
  const flat = local.find((address) => address.umrrn > 0 && address.titles.length > 1) ?? world.addresses.find((address) => address.umrrn > 0);
  const house = local.find((address) => address.umrrn === 0 && address.titles.length === 1);
  const chosen = new Set<string>();
  for (const title of [...(flat?.titles ?? []), ...(house?.titles ?? [])]) chosen.add(title.titleNumber);
  for (const titleNumber of [...world.titles.keys()].sort()) {
    if (chosen.size >= 3) break;
    chosen.add(titleNumber);
  }
  return [...chosen];
}

export function chooseTitles(world: SandboxWorld, seed: number): ChosenTitles {
  const sampleTitles = chooseSamples(world);
  const random = createRandom(hashString(`${seed}:test-titles`));
  const others = [...world.titles.values()].filter((title) => !sampleTitles.includes(title.titleNumber));
  others.sort((a, b) => (a.titleNumber < b.titleNumber ? -1 : a.titleNumber > b.titleNumber ? 1 : 0));
  const freeholds = shuffled(others.filter((title) => title.tenure === 'Freehold'), random);
  const leaseholds = shuffled(others.filter((title) => title.tenure === 'Leasehold'), random);
  const picked = [...freeholds.slice(0, 3), ...leaseholds.slice(0, 2)].map((title) => title.titleNumber);
  // A world without leaseholds still needs five test titles.
  for (const title of [...freeholds, ...leaseholds]) {
    if (picked.length >= 5) break;
    if (!picked.includes(title.titleNumber)) picked.push(title.titleNumber);
  }
  return { testTitles: picked.sort(), sampleTitles };
}
