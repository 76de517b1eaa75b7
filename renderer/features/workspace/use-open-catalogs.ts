import { useState } from 'react';
import { resourceId, type CatalogResource } from '../../../shared/catalog/catalog-resource.ts';

/** The catalogs open on the Buy tab (titles, addresses, UPRNs), each named by its resourceId. */
export interface OpenCatalogs {
  readonly open: readonly CatalogResource[];
  /** The resourceId shown; the others stay mounted, hidden, keeping their selections. */
  readonly active: string | undefined;
  /** The latest opened (its version counts openings): it is brought into view. */
  readonly opened: { readonly id: string; readonly version: number } | undefined;
  /** The address each open catalog was reached from, when it was. */
  readonly addresses: ReadonlyMap<string, string>;
  /** `address`: reached from an address card; a title typed in keeps what it had. */
  readonly openCatalog: (resource: CatalogResource, address?: string) => void;
  readonly closeCatalog: (id: string) => void;
  readonly showCatalog: (id: string) => void;
}

export function useOpenCatalogs(): OpenCatalogs {
  const [open, setOpen] = useState<readonly CatalogResource[]>([]);
  const [active, setActive] = useState<string | undefined>();
  // Each opening (even of one already open) brings it into view with focus on its filter.
  const [opened, setOpened] = useState<{ id: string; version: number } | undefined>();
  const [addresses, setAddresses] = useState<ReadonlyMap<string, string>>(() => new Map());

  function openCatalog(resource: CatalogResource, address?: string): void {
    const id = resourceId(resource);
    if (address !== undefined) setAddresses((current) => new Map(current).set(id, address));
    setOpen((current) => (current.some((item) => resourceId(item) === id) ? current : [...current, resource]));
    setActive(id);
    setOpened((current) => ({ id, version: (current?.version ?? 0) + 1 }));
  }

  function closeCatalog(id: string): void {
    const remaining = open.filter((item) => resourceId(item) !== id);
    setOpen(remaining);
    setAddresses((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
    const last = remaining.at(-1);
    if (active === id) setActive(last === undefined ? undefined : resourceId(last));
  }

  return { open, active, opened, addresses, openCatalog, closeCatalog, showCatalog: setActive };
}
