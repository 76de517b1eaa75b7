/**
 * What every stand-in of the desktop bundle (build/main-bundle-options.ts) does when reached: it
 * notes the refusal on globalThis, then throws. A caller may catch the error and carry on, so the
 * note is what lets a test of the bundled code tell that none was reached.
 */
const key = Symbol.for('titledesk.standInsReached');

function reachedList(): string[] {
  const existing: unknown = Reflect.get(globalThis, key);
  if (Array.isArray(existing) && existing.every((entry) => typeof entry === 'string')) return existing;
  const list: string[] = [];
  Reflect.set(globalThis, key, list);
  return list;
}

export function refuseInBundle(message: string): never {
  reachedList().push(message);
  throw new Error(message);
}

/** The refusals made in this process so far, by any copy of this module (each bundle has its own). */
export function standInsReached(): readonly string[] {
  return [...reachedList()];
}

/** Starts a test's count afresh. */
export function forgetStandInsReached(): void {
  reachedList().length = 0;
}
