import { useState } from 'react';
import type { AddressCandidate } from '../../../shared/address.ts';
import type { Environment } from '../../../shared/environment.ts';
import { AddressCard } from '../address-search/AddressCard.tsx';
import { AddressSearch } from '../address-search/AddressSearch.tsx';
import { RecentSearches } from '../address-search/RecentSearches.tsx';
import { rememberAddress } from '../address-search/recent-searches.ts';
import { TitleView } from '../variable-picker/TitleView.tsx';
import { loadMarkedTestTitles, saveMarkedTestTitles } from '../variable-picker/test-titles.ts';

export interface BuyTabProps {
  readonly environment: Environment;
  readonly search: { readonly text: string; readonly version: number } | undefined;
  readonly openTitles: readonly string[];
  readonly activeTitle: string | undefined;
  /** The latest title opened (its version counts openings): it is brought into view. */
  readonly titleOpened: { readonly title: string; readonly version: number } | undefined;
  /** The address each open title was reached from, when it was. */
  readonly titleAddresses: ReadonlyMap<string, string>;
  readonly sandboxTestTitles: readonly string[];
  readonly onOpenTitle: (titleNumber: string, address?: string) => void;
  readonly onCloseTitle: (titleNumber: string) => void;
  readonly onShowTitle: (titleNumber: string) => void;
}

/**
 * Find a property, open its titles, pick and buy. Every open title keeps its own selection
 * (titles not shown are hidden, not unmounted), so purchases on several can be prepared and run.
 */
export function BuyTab({ environment, search, openTitles, activeTitle, titleOpened, titleAddresses, sandboxTestTitles, onOpenTitle, onCloseTitle, onShowTitle }: BuyTabProps) {
  const [address, setAddress] = useState<AddressCandidate | undefined>();
  const [marked, setMarked] = useState(loadMarkedTestTitles);

  function chooseAddress(candidate: AddressCandidate): void {
    rememberAddress(candidate);
    setAddress(candidate);
  }

  function mark(titleNumber: string, on: boolean): void {
    const next = new Set(marked);
    if (on) next.add(titleNumber);
    else next.delete(titleNumber);
    saveMarkedTestTitles(next);
    setMarked(next);
  }

  return (
    <>
      <h2 id="search-heading">Find a property</h2>
      <div className="search-row">
        <AddressSearch key={search?.version ?? 0} initialText={search?.text} onSelectAddress={chooseAddress} onOpenTitle={onOpenTitle} />
      </div>
      <RecentSearches onSelectAddress={chooseAddress} onOpenTitle={onOpenTitle} />
      {address === undefined ? null : <AddressCard id={address.id} onOpenTitle={onOpenTitle} onClose={() => { setAddress(undefined); }} />}
      {openTitles.length === 0 ? (
        address === undefined ? (
          <div className="empty-state">
            <p>Search by address or postcode, or type a title number, to see what can be bought about it.</p>
          </div>
        ) : null
      ) : (
        <>
          <nav className="open-titles" aria-label="Open titles">
            <ul>
              {openTitles.map((title) => (
                <li key={title} className={title === activeTitle ? 'open-title current' : 'open-title'}>
                  <button type="button" aria-current={title === activeTitle ? 'page' : undefined} onClick={() => { onShowTitle(title); }}>{title}</button>
                  <button type="button" className="button-quiet" aria-label={`Close title ${title}`} onClick={() => { onCloseTitle(title); }}>×</button>
                </li>
              ))}
            </ul>
          </nav>
          {openTitles.map((title) => (
            <div key={title} hidden={title !== activeTitle}>
              <TitleView
                environment={environment}
                titleNumber={title}
                openedVersion={titleOpened?.title === title ? titleOpened.version : undefined}
                address={titleAddresses.get(title)}
                testTitle={(environment.builtIn === true && sandboxTestTitles.includes(title)) || marked.has(title)}
                markedTestTitle={marked.has(title)}
                onMarkTestTitle={(on) => { mark(title, on); }}
              />
            </div>
          ))}
        </>
      )}
    </>
  );
}
