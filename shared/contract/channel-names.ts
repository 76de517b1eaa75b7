import type { EventChannel, RequestChannel } from './channels.ts';

/**
 * The contract's channel names without its schemas, for the preload: it only forwards, main
 * parses, so zod and every schema stay out of the renderer's process. The compiler keeps these
 * lists complete (the assertions below) and a unit test checks them against channels.ts.
 */
export const requestChannelList = [
  'environment:list',
  'environment:select',
  'environment:add',
  'environment:update',
  'environment:remove',
  'environment:set-auth-mode',
  'credentials:status',
  'credentials:set',
  'auth:state',
  'auth:sign-in',
  'auth:sign-out',
  'address:find',
  'address:retrieve',
  'catalog:get',
  'purchase:create',
  'purchase:get',
  'purchase:list',
  'purchase:history',
  'purchase:check',
  'purchase:cancel',
  'purchase:recheck',
  'purchase:send',
  'purchase:send-all',
  'purchase:resolve',
  'journal:status',
  'history:export',
  'history:import',
  'journal:backups',
  'journal:restore',
  'settings:get',
  'settings:update',
  'sandbox:info',
  'sandbox:faults',
  'sandbox:set-faults',
  'spending:status',
  'spending:history',
  'spending:update',
  'batch:preview',
  'batch:start',
  'batch:pause',
  'batch:cancel',
  'batch:get',
  'batch:items',
  'batch:list',
  'batch:export',
  'environment:test',
  'address:test-key',
  'report:property',
  'report:save-pdf',
  'presets:list',
  'presets:save',
  'presets:delete',
  'team:get',
  'team:save',
  'team:test',
  'team:leave',
  'team:status',
  'team:admin',
  'team:admin-change',
] as const satisfies readonly RequestChannel[];

export const eventChannelList = ['purchase:updated', 'auth:changed', 'app:open-purchase', 'batch:updated', 'journal:changed', 'team:changed'] as const satisfies readonly EventChannel[];

/**
 * Sent by the desktop preload, with the event channel's name, when the page subscribes to an event:
 * the main process holds app:open-purchase until the page listens for it. Not a contract request.
 */
export const pageListeningChannel = 'app:listening';

/** Fails to compile when a channel is added to the contract but not listed here. */
type Missing<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : { missing: Exclude<All, Listed> };
export const requestChannelListIsComplete: Missing<RequestChannel, (typeof requestChannelList)[number]> = true;
export const eventChannelListIsComplete: Missing<EventChannel, (typeof eventChannelList)[number]> = true;

const eventNames: ReadonlySet<string> = new Set(eventChannelList);

export function isEventChannelName(name: unknown): name is EventChannel {
  return typeof name === 'string' && eventNames.has(name);
}
