import type { SandboxWorld } from '../world/types.ts';
import { invalidParametersError, type ProviderErrorItem } from './errors.ts';
import { findItems } from './find.ts';
import { checkKey, optionalText, type KeyGrant, parseCountries, parseFlag, parseLimit, readParams, type Parsed, type ProviderParams } from './params.ts';
import { providerIndex } from './provider-index.ts';
import { fieldFormatCount, retrieveItems } from './retrieve.ts';

export interface ProviderResponse {
  readonly status: number;
  readonly body: unknown;
}

// Loqate's paths: Find 1.1 (also written 1.10), Retrieve 1.2 (also 1.20); json3 wraps, json does not.
const routePattern = /^\/Capture\/Interactive\/(Find|Retrieve)\/v(1\.10?|1\.20?)\/(json3|json)\.ws$/;

type Operation = (params: ProviderParams, grant: KeyGrant, world: SandboxWorld) => Parsed<readonly unknown[]>;

function find(params: ProviderParams, _grant: KeyGrant, world: SandboxWorld): Parsed<readonly unknown[]> {
  const limit = parseLimit(params);
  if (!limit.ok) return limit;
  const countries = parseCountries(params);
  if (!countries.ok) return countries;
  // Accepted for compatibility; the sandbox serves the same data to every caller.
  const middleware = parseFlag(params, 'IsMiddleware');
  if (!middleware.ok) return middleware;
  return findItems(providerIndex(world), {
    text: optionalText(params, 'Text'),
    container: optionalText(params, 'Container'),
    limit: limit.value,
    countries: countries.value,
  });
}

function retrieve(params: ProviderParams, grant: KeyGrant, world: SandboxWorld): Parsed<readonly unknown[]> {
  const id = optionalText(params, 'Id');
  if (id === undefined) return { ok: false, error: invalidParametersError('The Id parameter was not supplied.') };
  const formats = Array.from({ length: fieldFormatCount }, (_unused, n) => params.get(`field${n + 1}format`));
  return retrieveItems(providerIndex(world), id, grant, formats);
}

function run(operation: Operation, url: URL, world: SandboxWorld): Parsed<readonly unknown[]> {
  const params = readParams(url);
  if (!params.ok) return params;
  const grant = checkKey(params.value);
  if (!grant.ok) return grant;
  return operation(params.value, grant.value, world);
}

/**
 * Answers a Loqate Capture Find or Retrieve request against the world, or undefined when the path is
 * not one of the provider's. Like Loqate, errors are a single item with HTTP 200.
 */
export function handleProviderRequest(url: URL, world: SandboxWorld): ProviderResponse | undefined {
  const match = routePattern.exec(url.pathname);
  if (match === null) return undefined;
  const [, service, version, format] = match;
  const isFind = service === 'Find';
  if (isFind !== version?.startsWith('1.1')) return undefined;
  const result = run(isFind ? find : retrieve, url, world);
  const items: readonly unknown[] = result.ok ? result.value : [result.error satisfies ProviderErrorItem];
  return { status: 200, body: format === 'json3' ? { Items: items } : items };
}
