import { environmentKindOf, type Environment, type EnvironmentKind } from '../../../shared/environment/environment.ts';

/** The badge every place that names an environment shows: only Live is red. */
export const kindBadges: { readonly [K in EnvironmentKind | 'sandbox']: { readonly text: string; readonly className: string } } = {
  sandbox: { text: 'Sandbox: no real purchases', className: 'badge badge-sandbox' },
  live: { text: 'Live: purchases are real', className: 'badge badge-live' },
  staging: { text: 'Staging: test service', className: 'badge badge-test' },
  local: { text: 'Local: test service', className: 'badge badge-test' },
};

export function badgeOf(environment: Environment): { readonly text: string; readonly className: string } {
  return kindBadges[environmentKindOf(environment)];
}
