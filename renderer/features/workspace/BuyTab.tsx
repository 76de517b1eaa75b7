import { useState } from 'react';
import type { AddressCandidate } from '../../../shared/property/address.ts';
import { describeResource, resourceId, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { AddressCard } from '../address-search/AddressCard.tsx';
import { AddressSearch } from '../address-search/AddressSearch.tsx';
import { RecentSearches } from '../address-search/RecentSearches.tsx';
import { rememberAddress } from '../address-search/recent-searches.ts';
import { TitleView } from '../variable-picker/TitleView.tsx';
import { loadMarkedTestTitles, saveMarkedTestTitles } from '../variable-picker/test-titles.ts';
import { resourceName } from '../common/resource-words.ts';
import type { OpenCatalogs } from './use-open-catalogs.ts';

export interface BuyTabProps {
  readonly environment: Environment;
  readonly search: { readonly text: string; readonly version: number } | undefined;
  /** The open titles, addresses and UPRNs, which is shown, and the address each was reached from. */
  readonly catalogs: OpenCatalogs;
  readonly sandboxTestTitles: readonly string[];
  readonly onOpenTitle: (titleNumber: string, address?: string) => void;
  readonly onOpenResource: (resource: CatalogResource, address?: string) => void;
}

/** A title's tab says its number alone (as always); an address or a UPRN says which it is. */
function tabLabel(resource: CatalogResource): string {
  return resource.kind === 'title' ? resource.key : resourceName(resource);
}

/**
 * Find a property, open its titles (or its address's or UPRN's own catalog), pick and buy. Every
 * open catalog keeps its own selection (those not shown are hidden, not unmounted), so purchases
 * on several can be prepared and run.
 */
export function BuyTab({ environment, search, catalogs, sandboxTestTitles, onOpenTitle, onOpenResource }: BuyTabProps) {
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

  const isTestTitle = (resource: CatalogResource): boolean =>
    resource.kind === 'title' && ((environment.builtIn === true && sandboxTestTitles.includes(resource.key)) || marked.has(resource.key));

  return (
    <>
      <h2 id="search-heading">Find a property</h2>
      <div className="search-row">
        <AddressSearch key={search?.version ?? 0} initialText={search?.text} onSelectAddress={chooseAddress} onOpenTitle={onOpenTitle} />
      </div>
      <RecentSearches onSelectAddress={chooseAddress} onOpenTitle={onOpenTitle} />
      {address === undefined ? null : <AddressCard id={address.id} onOpenTitle={onOpenTitle} onOpenResource={onOpenResource} onClose={() => { setAddress(undefined); }} />}
      {catalogs.open.length === 0 ? (
        address === undefined ? (
          <div className="empty-state">
            <p>Search by address or postcode, or type a title number, to see what can be bought about it.</p>
          </div>
        ) : null
      ) : (
        <>
          <nav className="open-titles" aria-label="Open titles">
            <ul>
              {catalogs.open.map((resource) => {
                const id = resourceId(resource);
                const current = id === catalogs.active;
                return (
                  <li key={id} className={current ? 'open-title current' : 'open-title'}>
                    <button type="button" aria-current={current ? 'page' : undefined} onClick={() => { catalogs.showCatalog(id); }}>{tabLabel(resource)}</button>
                    <button type="button" className="button-quiet" aria-label={`Close ${describeResource(resource)}`} onClick={() => { catalogs.closeCatalog(id); }}>×</button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {catalogs.open.map((resource) => {
            const id = resourceId(resource);
            return (
              <div key={id} hidden={id !== catalogs.active}>
                <TitleView
                  environment={environment}
                  resource={resource}
                  openedVersion={catalogs.opened?.id === id ? catalogs.opened.version : undefined}
                  address={catalogs.addresses.get(id)}
                  testTitle={isTestTitle(resource)}
                  markedTestTitle={resource.kind === 'title' && marked.has(resource.key)}
                  onMarkTestTitle={(on) => { mark(resource.key, on); }}
                />
              </div>
            );
          })}
        </>
      )}
    </>
  );
}
