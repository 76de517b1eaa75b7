import type { AddressCandidate } from '../../../shared/property/address.ts';
import './recent-searches.css';
import { clearRecentSearches, useRecentSearches } from './recent-searches.ts';

export interface RecentSearchesProps {
  readonly onSelectAddress: (candidate: AddressCandidate) => void;
  readonly onOpenTitle: (titleNumber: string) => void;
}

/** The last addresses and titles, one click from being shown again. */
export function RecentSearches({ onSelectAddress, onOpenTitle }: RecentSearchesProps) {
  const recent = useRecentSearches();
  if (recent.addresses.length === 0 && recent.titles.length === 0) return null;
  return (
    <nav className="recent-searches" aria-label="Recent searches">
      {recent.addresses.length === 0 ? null : (
        <div className="recent-group">
          <h3 id="recent-addresses">Recent addresses</h3>
          <ul aria-labelledby="recent-addresses">
            {recent.addresses.map((candidate) => (
              <li key={candidate.id}>
                <button type="button" className="button-link" title={candidate.description} onClick={() => { onSelectAddress(candidate); }}>{candidate.text}</button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {recent.titles.length === 0 ? null : (
        <div className="recent-group">
          <h3 id="recent-titles">Recent titles</h3>
          <ul aria-labelledby="recent-titles">
            {recent.titles.map((title) => (
              <li key={title}>
                <button type="button" className="button-link" onClick={() => { onOpenTitle(title); }}>{title}</button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <button type="button" className="button-quiet recent-clear" onClick={clearRecentSearches}>Clear recent</button>
    </nav>
  );
}
