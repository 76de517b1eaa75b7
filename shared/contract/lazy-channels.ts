/**
 * Channel definitions built on first use. A definition's schemas are built when its channel is
 * first looked up, so a process builds only the channels it uses: the page, for one, never
 * parses a request and needs few answers at start, and building zod schemas is a large share of
 * its start-up. The object reads like a plain one: keys enumerable, each built once.
 */
export function lazyChannels<T extends Record<string, () => object>>(definitions: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const channels: Partial<{ [K in keyof T]: ReturnType<T[K]> }> = {};
  for (const name of Object.keys(definitions)) {
    const define = definitions[name];
    if (define === undefined) continue;
    let built: object | undefined;
    Object.defineProperty(channels, name, { enumerable: true, get: () => (built ??= define()) });
  }
  // Every key of `definitions` was defined above.
  return channels as { readonly [K in keyof T]: ReturnType<T[K]> };
}
