import type { AddressRetrieveResult } from '../../../shared/property/address.ts';
import { catalogResourceSchema, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import { purchaseAddressLine } from '../../../shared/purchase/purchase.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { useAddressRetrieveQuery } from './address-queries.ts';
import { ReportButton } from '../report/ReportButton.tsx';

export interface AddressCardProps {
  readonly id: string;
  /** `address` is the card's label on one line: a purchase of the title keeps it. */
  readonly onOpenTitle: (titleNumber: string, address?: string) => void;
  /** Opens the address's own catalog or its UPRN's, keeping the card's label on a purchase. */
  readonly onOpenResource: (resource: CatalogResource, address?: string) => void;
  readonly onClose: () => void;
}

/** A retrieved address: its label, the identifiers the service keys on, and its titles. */
export function AddressCard({ id, onOpenTitle, onOpenResource, onClose }: AddressCardProps) {
  const address = useAddressRetrieveQuery(id);
  return (
    <section className="address-card" aria-label="Address">
      <div className="card-header">
        <h3>Address</h3>
        <button type="button" className="button-quiet" onClick={onClose}>Close address</button>
      </div>
      {address.isPending ? <p aria-live="polite">Retrieving the address…</p> : null}
      {address.isError ? <ErrorNotice error={address.error} /> : null}
      {address.data === undefined ? null : <AddressDetails address={address.data} onOpenTitle={onOpenTitle} onOpenResource={onOpenResource} />}
    </section>
  );
}

function AddressDetails({ address, onOpenTitle, onOpenResource }: { readonly address: AddressRetrieveResult } & Pick<AddressCardProps, 'onOpenTitle' | 'onOpenResource'>) {
  return (
    <div className="address-details">
      <address className="address-label">
        {address.label.map((line, index) => <span key={index}>{line}</span>)}
      </address>
      <dl className="facts">
        <dt>UDPRN</dt>
        <dd>{address.udprn === null ? <Unavailable reason={address.unavailableReason} /> : <code>{address.udprn}</code>}</dd>
        <dt>UMRRN</dt>
        <dd>{address.umrrn === null ? <Unavailable reason={address.unavailableReason} /> : <code>{address.umrrn}</code>}</dd>
        <dt>UPRN</dt>
        <dd>{address.uprn === null ? <span className="muted">Not known</span> : <code>{address.uprn}</code>}</dd>
        <dt>Address key</dt>
        <dd>
          {address.addressKey === null ? <span className="muted">None without a UDPRN</span> : <code>{address.addressKey}</code>}
          {address.keyPrecision === 'delivery-point' ? <span className="field-hint"> (the building’s delivery point: no UMRRN was available)</span> : null}
        </dd>
        {address.service.status === 'failed' ? (
          <>
            <dt>Service lookup</dt>
            <dd className="muted">The service could not confirm this address: {address.service.message}</dd>
          </>
        ) : null}
      </dl>
      <h4>Titles</h4>
      {address.titles.length === 0 ? (
        <p className="empty-state">No titles are registered at this address.</p>
      ) : (
        <ul className="title-list">
          {address.titles.map((title) => (
            <li key={title.titleNumber}>
              <button type="button" onClick={() => { onOpenTitle(title.titleNumber, purchaseAddressLine(address.label)); }} aria-label={`Open ${title.tenure.toLowerCase()} title ${title.titleNumber}`}>
                <code>{title.titleNumber}</code> <span className="tenure">{title.tenure}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {address.titles.length === 0 ? null : (
        <ReportButton request={{ address: address.label.join(', ').slice(0, 500), titles: address.titles.map(({ titleNumber, tenure }) => ({ titleNumber, tenure })), ...reportResources(address) }} />
      )}
      <OwnCatalogs address={address} onOpenResource={onOpenResource} />
    </div>
  );
}

/** The address's own catalog and its UPRN's, where it has them: the report shows what was bought from each. */
function reportResources(address: AddressRetrieveResult): { resources?: { kind: 'address' | 'spatial'; key: string }[] } {
  const resources = ownCatalogs(address).map(({ resource }) => resource).flatMap((resource) => (resource.kind === 'title' ? [] : [resource]));
  return resources.length === 0 ? {} : { resources };
}

/**
 * The service also sells from the postal address itself (its key) and from its Ordnance Survey
 * spatial address (its UPRN): offered beside the titles, where the card has a well-formed key.
 */
function OwnCatalogs({ address, onOpenResource }: { readonly address: AddressRetrieveResult; readonly onOpenResource: AddressCardProps['onOpenResource'] }) {
  const label = purchaseAddressLine(address.label);
  const offered = ownCatalogs(address);
  if (offered.length === 0) return null;
  return (
    <>
      <h4>The address and its location</h4>
      <ul className="title-list">
        {offered.map(({ resource, text }) => (
          <li key={resource.kind}>
            <button type="button" onClick={() => { onOpenResource(resource, label); }}>{text}</button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The address's key and UPRN as catalogs, each only where it is well formed. */
function ownCatalogs(address: AddressRetrieveResult): { resource: CatalogResource; text: string }[] {
  const candidates: { resource: unknown; text: string }[] = [
    { resource: { kind: 'address', key: address.addressKey }, text: 'Data about this address' },
    { resource: { kind: 'spatial', key: address.uprn }, text: `Data about this location (UPRN ${address.uprn ?? ''})` },
  ];
  return candidates.flatMap(({ resource, text }) => {
    const parsed = catalogResourceSchema.safeParse(resource);
    return parsed.success ? [{ resource: parsed.data, text }] : [];
  });
}

function Unavailable({ reason }: { readonly reason: string | null }) {
  return <span className="muted">Unavailable{reason === null ? '' : `: ${reason}`}</span>;
}
