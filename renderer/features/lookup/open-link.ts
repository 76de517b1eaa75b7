export interface OpenRequestPlace {
  readonly location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
}

/**
 * On a first launch from a link the desktop app loads the page with `#open=<reference>` (main
 * has already parsed the link strictly); the page takes it once and clears it from the address,
 * so a reload does not check it again. Later links arrive as app:open-purchase events.
 */
export function takeOpenPurchase(place: OpenRequestPlace): string | undefined {
  const reference = new URLSearchParams(place.location.hash.replace(/^#/, '')).get('open');
  if (reference === null || reference === '') return undefined;
  place.history.replaceState(place.history.state, '', `${place.location.pathname}${place.location.search}`);
  return reference;
}
