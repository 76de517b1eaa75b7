import type { Dispatcher as DispatcherType } from 'undici';
import { Dispatcher } from './undici-parts.ts';
import type { ProxyRoute } from './proxy-rules.ts';
import type { ProxyRoutes } from './proxy-routes.ts';

/** Builds the dispatcher for one route: the direct agent, or a proxy agent per proxy URL. */
export type RouteTarget = (route: ProxyRoute) => DispatcherType;

/**
 * A dispatcher that sends each request the way the host's proxy settings say for its origin
 * (the desktop app: Electron's resolveProxy, i.e. the OS settings, PAC and WPAD included). The
 * route is looked up before the request is handed on; a known route costs no wait at all.
 */
export class ResolvingDispatcher extends Dispatcher {
  readonly #routes: ProxyRoutes;
  readonly #targets = new Map<string, DispatcherType>();
  readonly #build: RouteTarget;

  constructor(routes: ProxyRoutes, build: RouteTarget) {
    super();
    this.#routes = routes;
    this.#build = build;
  }

  #target(route: ProxyRoute): DispatcherType {
    const key = route.kind === 'direct' ? 'direct' : route.uri;
    let target = this.#targets.get(key);
    if (target === undefined) {
      target = this.#build(route);
      this.#targets.set(key, target);
    }
    return target;
  }

  override dispatch(options: DispatcherType.DispatchOptions, handler: DispatcherType.DispatchHandler): boolean {
    const origin = String(options.origin);
    const known = this.#routes.cached(origin);
    if (known !== undefined) return this.#target(known).dispatch(options, handler);
    void this.#routes.routeFor(origin).then((route) => {
      try {
        this.#target(route).dispatch(options, handler);
      } catch (error) {
        handler.onResponseError?.(null as unknown as DispatcherType.DispatchController, error instanceof Error ? error : new Error(String(error)));
      }
    });
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | undefined {
    const closing = Promise.all([...this.#targets.values()].map((target) => target.close())).then(() => undefined);
    if (callback === undefined) return closing;
    void closing.then(callback);
    return undefined;
  }

  override destroy(error?: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | undefined {
    const error = typeof first === 'function' ? null : first ?? null;
    const callback = typeof first === 'function' ? first : second;
    const destroying = Promise.all([...this.#targets.values()].map((target) => target.destroy(error))).then(() => undefined);
    if (callback === undefined) return destroying;
    void destroying.then(callback);
    return undefined;
  }
}
