import { describeResource } from '../../../shared/catalog/catalog-resource.ts';
import type { ReportResource } from '../../../shared/purchase/report.ts';
import { catalogHeading, resourceName } from '../common/resource-words.ts';
import { ReportTable } from './ReportTable.tsx';

export interface ResourceSectionsProps {
  readonly resources: readonly ReportResource[];
  readonly showOlder: boolean;
  readonly pageLine: string;
}

/** The values bought from the address's own catalog and its UPRN's, each after the titles, as a title's are shown. */
export function ResourceSections({ resources, showOlder, pageLine }: ResourceSectionsProps) {
  return resources.map(({ resource, rows }) => (
    <section key={`${resource.kind}:${resource.key}`} aria-label={resourceName(resource)}>
      <h3>{catalogHeading(resource)}{resource.kind === 'address' ? ` (address key ${resource.key})` : ''}</h3>
      {rows.length === 0 ? (
        <p>Nothing has been bought from {describeResource(resource)} yet.</p>
      ) : (
        <ReportTable rows={rows} showOlder={showOlder} caption={`Values bought for ${describeResource(resource)}`} pageLine={pageLine} />
      )}
    </section>
  ));
}
