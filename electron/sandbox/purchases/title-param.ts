import { isTitleNumber, normalizeTitleNumber } from '../../../shared/property/title-number.ts';
import { notFound, type Reply } from '../http/reply.ts';
import type { ServiceState } from '../service-state.ts';
import type { SandboxTitle } from '../world/types.ts';

/**
 * The title named by a path segment. A malformed title number is a 404 like an unknown one: the
 * path names no resource either way, and a client learns nothing more from a 400.
 */
export function resolveTitle(segment: string, state: ServiceState): SandboxTitle | Reply {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return notFound('No such title.');
  }
  const titleNumber = normalizeTitleNumber(decoded);
  const title = isTitleNumber(titleNumber) ? state.titles.get(titleNumber) : undefined;
  return title ?? notFound(`No England and Wales title ${JSON.stringify(decoded)}.`);
}
