import { direct, isLoopbackHost, routeFromPac, type ProxyRoute } from './proxy-rules.ts';

/**
 * What the host knows about proxies for a URL, as a PAC-style answer ("DIRECT",
 * "PROXY host:port; DIRECT"…). The desktop app asks Electron (session.resolveProxy), which
 * applies the OS settings: a fixed proxy, a PAC file, WPAD discovery.
 */
export interface ProxyResolver {
  resolveProxy(url: string): Promise<string>;
}

export interface ProxyRoutesOptions {
  readonly resolver: ProxyResolver;
  /** How long one origin's answer is reused; a PAC file or network change shows after this. Default 60 s. */
  readonly ttlMs?: number;
  readonly now?: () => number;
  /** Told when the resolver fails; the request then goes direct, as a browser's would. */
  readonly onError?: (origin: string, error: unknown) => void;
}

/**
 * The route per origin, asked once per origin and time-to-live, with concurrent requests to one
 * origin sharing one question: a poll of 10,000 purchases must not ask the OS 10,000 times.
 * PAC rules may depend on the host, so origins are never lumped together.
 */
export class ProxyRoutes {
  readonly #resolver: ProxyResolver;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #onError: (origin: string, error: unknown) => void;
  readonly #known = new Map<string, { route: ProxyRoute; until: number }>();
  readonly #asking = new Map<string, Promise<ProxyRoute>>();

  constructor(options: ProxyRoutesOptions) {
    this.#resolver = options.resolver;
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => undefined);
  }

  /** The route now known for an origin, if any: lets a request skip waiting a turn. */
  cached(origin: string): ProxyRoute | undefined {
    const url = new URL(origin);
    if (isLoopbackHost(url.hostname)) return direct;
    const known = this.#known.get(url.origin);
    return known !== undefined && known.until > this.#now() ? known.route : undefined;
  }

  routeFor(origin: string): Promise<ProxyRoute> {
    const cached = this.cached(origin);
    if (cached !== undefined) return Promise.resolve(cached);
    const key = new URL(origin).origin;
    const pending = this.#asking.get(key);
    if (pending !== undefined) return pending;
    const asking = this.#ask(key).finally(() => this.#asking.delete(key));
    this.#asking.set(key, asking);
    return asking;
  }

  async #ask(origin: string): Promise<ProxyRoute> {
    let route: ProxyRoute;
    try {
      route = routeFromPac(await this.#resolver.resolveProxy(`${origin}/`));
    } catch (error) {
      this.#onError(origin, error);
      // Not remembered: the next request asks again.
      return direct;
    }
    this.#known.set(origin, { route, until: this.#now() + this.#ttlMs });
    return route;
  }
}
