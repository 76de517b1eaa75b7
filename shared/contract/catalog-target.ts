import { z } from 'zod';
import { catalogResourceSchema, type CatalogResource } from '../catalog/catalog-resource.ts';

/**
 * What catalog:get and purchase:create are of: a title by its number (as they always were), or
 * any resource the service sells from (a postal address's key, a UPRN) by `resource`. Exactly
 * one of the two; parsed, the request also carries it as `target` for the handler.
 */
export const catalogTargetFields = {
  titleNumber: z.string().trim().min(1).max(20).optional(),
  resource: catalogResourceSchema.optional(),
};

interface TargetFields {
  readonly titleNumber?: string | undefined;
  readonly resource?: CatalogResource | undefined;
}

export function hasOneTarget(request: TargetFields): boolean {
  return (request.titleNumber === undefined) !== (request.resource === undefined);
}

export const oneTargetMessage = { message: 'name one of titleNumber or resource (a title, a postal address or a UPRN)' };

/**
 * The request with its target: the title number as given (core checks and normalises it, as for
 * every title) or the resource. Runs only after hasOneTarget passed, so one of them is there.
 */
export function withTarget<T extends TargetFields>(request: T): T & { readonly target: string | CatalogResource } {
  return { ...request, target: request.resource ?? request.titleNumber ?? '' };
}
