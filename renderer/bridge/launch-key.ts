const storageKey = 'titledesk.launchKey';

export interface LaunchKeyPlace {
  readonly location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * The browser-mode host hands the page its per-launch secret in the URL fragment (never sent to
 * a server). It is moved to sessionStorage so a reload still works, and taken out of the visible
 * URL so it is not copied, bookmarked or shown on screen.
 */
export function takeLaunchKey(place: LaunchKeyPlace): string | undefined {
  const fromFragment = new URLSearchParams(place.location.hash.replace(/^#/, '')).get('key');
  if (fromFragment !== null && fromFragment !== '') {
    place.storage.setItem(storageKey, fromFragment);
    place.history.replaceState(place.history.state, '', `${place.location.pathname}${place.location.search}`);
    return fromFragment;
  }
  return place.storage.getItem(storageKey) ?? undefined;
}
