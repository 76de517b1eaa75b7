/**
 * Runs at most one request at a time and only ever delivers the newest one asked for. A
 * request asked for while another is in flight waits in a single slot (a newer one replaces
 * it); a result that is no longer the newest is dropped instead of flashing on screen.
 */
export class LatestOnly<Request, Response> {
  readonly #run: (request: Request) => Promise<Response>;
  readonly #deliver: (request: Request, outcome: { ok: true; value: Response } | { ok: false; error: unknown }) => void;
  #latest = 0;
  #busy = false;
  #queued: { request: Request; token: number } | undefined;

  constructor(
    run: (request: Request) => Promise<Response>,
    deliver: (request: Request, outcome: { ok: true; value: Response } | { ok: false; error: unknown }) => void,
  ) {
    this.#run = run;
    this.#deliver = deliver;
  }

  get busy(): boolean {
    return this.#busy;
  }

  request(request: Request): void {
    this.#latest += 1;
    const token = this.#latest;
    if (this.#busy) this.#queued = { request, token };
    else this.#start(request, token);
  }

  /** Forgets whatever is queued and drops the answer of what is in flight. */
  cancel(): void {
    this.#latest += 1;
    this.#queued = undefined;
  }

  #start(request: Request, token: number): void {
    this.#busy = true;
    this.#run(request).then(
      (value) => { this.#settle(request, token, { ok: true, value }); },
      (error: unknown) => { this.#settle(request, token, { ok: false, error }); },
    );
  }

  #settle(request: Request, token: number, outcome: { ok: true; value: Response } | { ok: false; error: unknown }): void {
    this.#busy = false;
    if (token === this.#latest) this.#deliver(request, outcome);
    const next = this.#queued;
    this.#queued = undefined;
    if (next !== undefined && next.token === this.#latest) this.#start(next.request, next.token);
  }
}
