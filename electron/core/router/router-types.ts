import type { Result } from '../../../shared/contract/result.ts';

/** What every host (Electron IPC, the browser-mode host, tests) needs from core. */
export interface ContractRouter {
  /** Unknown channel and payload in; a parsed call or a typed validation error out. Never throws. */
  dispatch(channel: string, payload: unknown): Promise<Result<unknown>>;
}

export type EventListener = (channel: string, payload: unknown) => void;

export interface ContractEvents {
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}
