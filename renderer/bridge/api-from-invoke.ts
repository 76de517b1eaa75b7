import type { TitleDeskApi } from '../../shared/contract/api.ts';
import type { RequestChannel, RequestOf, ResponseOf } from '../../shared/contract/channels.ts';
import type { Result } from '../../shared/contract/result.ts';

/** One generic call that reaches any channel; each host supplies its own transport. */
export type Invoke = <C extends RequestChannel>(channel: C, request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;

export type RequestFunctions = Omit<TitleDeskApi, 'on'>;

/**
 * Spells out one function per channel, so the compiler checks that every channel of the
 * contract is present and that nothing else is.
 */
export function requestFunctions(invoke: Invoke): RequestFunctions {
  return {
    'environment:list': (request) => invoke('environment:list', request),
    'environment:select': (request) => invoke('environment:select', request),
    'environment:add': (request) => invoke('environment:add', request),
    'environment:update': (request) => invoke('environment:update', request),
    'environment:remove': (request) => invoke('environment:remove', request),
    'environment:set-auth-mode': (request) => invoke('environment:set-auth-mode', request),
    'credentials:status': (request) => invoke('credentials:status', request),
    'credentials:set': (request) => invoke('credentials:set', request),
    'auth:state': (request) => invoke('auth:state', request),
    'auth:sign-in': (request) => invoke('auth:sign-in', request),
    'auth:sign-out': (request) => invoke('auth:sign-out', request),
    'address:find': (request) => invoke('address:find', request),
    'address:retrieve': (request) => invoke('address:retrieve', request),
    'catalog:get': (request) => invoke('catalog:get', request),
    'purchase:create': (request) => invoke('purchase:create', request),
    'purchase:get': (request) => invoke('purchase:get', request),
    'purchase:list': (request) => invoke('purchase:list', request),
    'purchase:history': (request) => invoke('purchase:history', request),
    'purchase:check': (request) => invoke('purchase:check', request),
    'purchase:cancel': (request) => invoke('purchase:cancel', request),
    'purchase:recheck': (request) => invoke('purchase:recheck', request),
    'purchase:send': (request) => invoke('purchase:send', request),
    'purchase:send-all': (request) => invoke('purchase:send-all', request),
    'purchase:resolve': (request) => invoke('purchase:resolve', request),
    'journal:status': (request) => invoke('journal:status', request),
    'history:export': (request) => invoke('history:export', request),
    'history:import': (request) => invoke('history:import', request),
    'journal:backups': (request) => invoke('journal:backups', request),
    'journal:restore': (request) => invoke('journal:restore', request),
    'settings:get': (request) => invoke('settings:get', request),
    'settings:update': (request) => invoke('settings:update', request),
    'sandbox:info': (request) => invoke('sandbox:info', request),
    'sandbox:faults': (request) => invoke('sandbox:faults', request),
    'sandbox:set-faults': (request) => invoke('sandbox:set-faults', request),
    'spending:status': (request) => invoke('spending:status', request),
    'spending:history': (request) => invoke('spending:history', request),
    'spending:update': (request) => invoke('spending:update', request),
    'batch:preview': (request) => invoke('batch:preview', request),
    'batch:start': (request) => invoke('batch:start', request),
    'batch:pause': (request) => invoke('batch:pause', request),
    'batch:cancel': (request) => invoke('batch:cancel', request),
    'batch:get': (request) => invoke('batch:get', request),
    'batch:items': (request) => invoke('batch:items', request),
    'batch:list': (request) => invoke('batch:list', request),
    'batch:export': (request) => invoke('batch:export', request),
    'environment:test': (request) => invoke('environment:test', request),
    'address:test-key': (request) => invoke('address:test-key', request),
    'report:property': (request) => invoke('report:property', request),
    'report:save-pdf': (request) => invoke('report:save-pdf', request),
    'presets:list': (request) => invoke('presets:list', request),
    'presets:save': (request) => invoke('presets:save', request),
    'presets:delete': (request) => invoke('presets:delete', request),
    'team:get': (request) => invoke('team:get', request),
    'team:save': (request) => invoke('team:save', request),
    'team:test': (request) => invoke('team:test', request),
    'team:leave': (request) => invoke('team:leave', request),
    'team:status': (request) => invoke('team:status', request),
    'team:admin': (request) => invoke('team:admin', request),
    'team:admin-change': (request) => invoke('team:admin-change', request),
  };
}
