import { useEffect, useRef } from 'react';
import type { CatalogResource } from '../../../shared/catalog/catalog-resource.ts';
import type { Environment } from '../../../shared/environment/environment.ts';
import { resourceName } from '../common/resource-words.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';
import { useCatalogQuery } from './catalog-queries.ts';
import { VariablePicker } from './VariablePicker.tsx';

export interface TitleViewProps {
  readonly environment: Environment;
  /** A title, or a postal address's or a UPRN's own catalog: each is picked from and bought alike. */
  readonly resource: CatalogResource;
  /** Set (a new number each time) when the user has just opened this title: it comes into view. */
  readonly openedVersion?: number | undefined;
  /** The address the title was reached from: said here, and kept on a purchase of it. */
  readonly address?: string | undefined;
  readonly testTitle: boolean;
  readonly markedTestTitle: boolean;
  readonly onMarkTestTitle: (marked: boolean) => void;
}

/** An open title (or address, or UPRN): its catalog to pick from and buy. */
export function TitleView({ environment, resource, openedVersion, ...rest }: TitleViewProps) {
  const catalog = useCatalogQuery(environment.id, resource);
  const section = useRef<HTMLElement>(null);
  // Opened below the fold, a title would seem not to open at all: bring it up at once, and again
  // when its catalog arrives and gives the page the height to bring it to the top (the picker
  // focuses its filter then).
  const ready = catalog.data !== undefined;
  useEffect(() => {
    if (openedVersion !== undefined && section.current !== null) bringToTop(section.current);
  }, [openedVersion, ready]);
  return (
    <section className="title-view" aria-label={resourceName(resource)} ref={section}>
      <ResourceHeading resource={resource} testTitle={rest.testTitle} />
      {rest.address === undefined ? null : <p className="muted title-address">At {rest.address}</p>}
      {catalog.isPending ? <p aria-live="polite">Loading the catalog…</p> : null}
      {catalog.isError ? (
        <>
          <ErrorNotice error={catalog.error} />
          <button type="button" onClick={() => { void catalog.refetch(); }}>Try again</button>
        </>
      ) : null}
      {catalog.data === undefined ? null : catalog.data.variableCount === 0 ? (
        <p className="empty-state">Nothing is offered for this {resource.kind === 'spatial' ? 'location' : resource.kind}.</p>
      ) : (
        <VariablePicker environment={environment} catalog={catalog.data} openedVersion={openedVersion} {...rest} />
      )}
    </section>
  );
}

/** A title by its number; an address's or a UPRN's catalog in plain words, its key beside. */
function ResourceHeading({ resource, testTitle }: { readonly resource: CatalogResource; readonly testTitle: boolean }) {
  if (resource.kind === 'title') {
    return (
      <h3>
        Title <code>{resource.key}</code>
        {testTitle ? <span className="badge badge-sandbox">Test title</span> : null}
      </h3>
    );
  }
  return (
    <h3>
      {resource.kind === 'address' ? 'Data about this address' : 'Data about this location'}{' '}
      <span className="muted">({resource.kind === 'address' ? 'address key' : 'UPRN'} <code>{resource.key}</code>)</span>
    </h3>
  );
}

/** Scrolls smoothly unless the user asked the system for less motion. */
function bringToTop(element: HTMLElement): void {
  // A test DOM (jsdom) lays nothing out: it has neither scrolling nor matchMedia.
  if (typeof element.scrollIntoView !== 'function') return;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'start', behavior: reduced ? 'instant' : 'smooth' });
}
