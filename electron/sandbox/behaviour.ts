import { sandboxBehaviourSchema, type CatalogShape, type SandboxBehaviour } from '../../shared/environment/sandbox-behaviour.ts';
import type { ServiceState } from './service-state.ts';

export interface BehaviourChange {
  readonly catalogShape?: CatalogShape | undefined;
  readonly rotateRefreshTokens?: boolean | undefined;
}

/** Applies a change of behaviour; rotation turned on starts from the configured refresh token again. */
export function changeBehaviour(state: ServiceState, change: BehaviourChange): SandboxBehaviour {
  const next = sandboxBehaviourSchema.parse({
    catalogShape: change.catalogShape ?? state.behaviour.catalogShape,
    rotateRefreshTokens: change.rotateRefreshTokens ?? state.behaviour.rotateRefreshTokens,
  });
  if (next.rotateRefreshTokens && !state.behaviour.rotateRefreshTokens) state.refreshTokens.reset();
  Object.assign(state.behaviour, next);
  return { ...state.behaviour };
}
