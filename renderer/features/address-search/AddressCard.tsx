import type { AddressRetrieveResult } from '../../../shared/address.ts';
import { purchaseAddressLine } from '../../../shared/purchase.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { useAddressRetrieveQuery } from './address-queries.ts';
import { ReportButton } from '../report/ReportButton.tsx';

export interface AddressCardProps {
  readonly id: string;
  /** `address` is the card's label on one line: a purchase of the title keeps it. */
  readonly onOpenTitle: (titleNumber: string, address?: string) => void;
  readonly onClose: () => void;
}

/** A retrieved address: its label, the identifiers the service keys on, and its titles. */
export function AddressCard({ id, onOpenTitle, onClose }: AddressCardProps) {
  const address = useAddressRetrieveQuery(id);
  return (
    <section className="address-card" aria-label="Address">
      <div className="card-header">
        <h3>Address</h3>
        <button type="button" className="button-quiet" onClick={onClose}>Close address</button>
      </div>
      {address.isPending ? <p aria-live="polite">Retrieving the address…</p> : null}
      {address.isError ? <ErrorNotice error={address.error} /> : null}
      {address.data === undefined ? null : <AddressDetails address={address.data} onOpenTitle={onOpenTitle} />}
    </section>
  );
}

function AddressDetails({ address, onOpenTitle }: { readonly address: AddressRetrieveResult; readonly onOpenTitle: AddressCardProps['onOpenTitle'] }) {
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
        <ReportButton request={{ address: address.label.join(', ').slice(0, 500), titles: address.titles.map(({ titleNumber, tenure }) => ({ titleNumber, tenure })) }} />
      )}
    </div>
  );
}

function Unavailable({ reason }: { readonly reason: string | null }) {
  return <span className="muted">Unavailable{reason === null ? '' : `: ${reason}`}</span>;
}
