import { z } from 'zod';
import { addressFindResultSchema, addressRetrieveResultSchema } from '../property/address.ts';
import { resourceCatalogSchema, titleCatalogSchema } from '../catalog/catalog.ts';
import { connectionTestSchema, providerKeyTestSchema } from '../environment/connection-test.ts';
import { propertyReportRequestSchema, propertyReportSchema, savePdfRequestSchema, savePdfResultSchema } from '../purchase/report.ts';
import {
  advancedSettingsSchema,
  authModeSchema,
  authStateSchema,
  environmentIdSchema,
  environmentInputSchema,
  environmentSchema,
} from '../environment/environment.ts';
import { backupInfoSchema, historyExportSchema, importSummarySchema, journalStatusSchema } from '../purchase/journal.ts';
import { historyQuerySchema, purchaseAddressSchema, purchaseOptionsSchema, purchaseRecordSchema, purchaseSummarySchema, resolveActionSchema } from '../purchase/purchase.ts';
import { batchFromSchema, batchItemSchema, batchSummarySchema, batchTenureSchema } from '../purchase/batch.ts';
import { amountsSchema, spendingHistorySchema, spendingSettingsSchema, spendingStatusSchema } from '../money/spending.ts';
import { presetListSchema, savedPresetSchema } from '../catalog/variable-presets.ts';
import { sandboxFaultsSchema } from '../environment/sandbox-faults.ts';
import { sendAllReportSchema } from '../purchase/send-all.ts';
import { teamAdminChangeSchema } from '../team/team-admin.ts';
import { teamAdminViewSchema } from '../team/team-admin-view.ts';
import { teamPasswordSchema, teamSettingSchema, teamViewSchema } from '../team/team-setting.ts';
import { teamLinkStatusSchema, teamTestResultSchema } from '../team/team-status.ts';
import { catalogTargetFields, hasOneTarget, oneTargetMessage, withTarget } from './catalog-target.ts';
import { lazyChannels } from './lazy-channels.ts';

/**
 * Every request channel: its payload schema (strict: unknown keys, including __proto__, are
 * refused) and its response schema (which also strips anything a handler should not have
 * returned). Names are `domain:verb`.
 */
const noPayload = z.strictObject({}).optional();
const environmentRef = z.strictObject({ environmentId: environmentIdSchema.optional() }).optional();
const localId = z.strictObject({ id: z.uuid() });
const iri = z.string().min(1).max(2048);

export const secretNameSchema = z.enum(['refreshToken', 'clientSecret', 'clientId', 'developerClientId', 'providerKey']);

/** What the UI may know about an environment's credentials: where they live and which are set. */
export const credentialStatusSchema = z.object({
  environmentId: environmentIdSchema,
  persistence: z.enum(['os-keychain', 'session', 'environment']),
  present: z.record(secretNameSchema, z.boolean()),
});
export type CredentialStatus = z.infer<typeof credentialStatusSchema>;

export const sandboxInfoSchema = z.object({
  running: z.boolean(),
  sampleQueries: z.array(z.string()),
  sampleTitles: z.array(z.string()),
  testTitles: z.array(z.string()),
  sampleVariables: z.array(z.string()),
});
export type SandboxInfo = z.infer<typeof sandboxInfoSchema>;

export const requestChannels = lazyChannels({
  'environment:list': () => ({
    request: noPayload,
    response: z.object({ environments: z.array(environmentSchema), selectedId: environmentIdSchema, loadProblem: z.string().optional() }),
  }),
  'environment:select': () => ({ request: z.strictObject({ id: environmentIdSchema }), response: environmentSchema }),
  'environment:add': () => ({ request: z.strictObject({ input: environmentInputSchema.strict() }), response: environmentSchema }),
  'environment:update': () => ({ request: z.strictObject({ id: environmentIdSchema, input: environmentInputSchema.strict() }), response: environmentSchema }),
  'environment:remove': () => ({ request: z.strictObject({ id: environmentIdSchema }), response: z.object({ removed: environmentIdSchema }) }),
  'environment:set-auth-mode': () => ({ request: z.strictObject({ id: environmentIdSchema, mode: authModeSchema }), response: environmentSchema }),
  'credentials:status': () => ({ request: environmentRef, response: credentialStatusSchema }),
  'credentials:set': () => ({
    request: z.strictObject({ environmentId: environmentIdSchema, name: secretNameSchema, value: z.string().max(8192) }),
    response: credentialStatusSchema,
  }),
  'auth:state': () => ({ request: environmentRef, response: authStateSchema }),
  'auth:sign-in': () => ({ request: environmentRef, response: authStateSchema }),
  'auth:sign-out': () => ({ request: environmentRef, response: authStateSchema }),
  'address:find': () => ({
    request: z.strictObject({
      text: z.string().trim().min(1).max(200),
      container: z.string().min(1).max(300).optional(),
      /** How many items to ask the provider for (its default is 10; its largest page 100). */
      limit: z.number().int().min(1).max(100).optional(),
    }),
    response: addressFindResultSchema,
  }),
  'address:retrieve': () => ({ request: z.strictObject({ id: z.string().min(1).max(300) }), response: addressRetrieveResultSchema }),
  /** A title's catalog (named by titleNumber, as before) or any resource's (named by resource). */
  'catalog:get': () => ({
    request: z.strictObject(catalogTargetFields).refine(hasOneTarget, oneTargetMessage).transform(withTarget),
    response: z.union([titleCatalogSchema, resourceCatalogSchema]),
  }),
  'purchase:create': () => ({
    request: z.strictObject({
      ...catalogTargetFields,
      variables: z.array(iri).min(1).max(500),
      options: purchaseOptionsSchema.strict().optional(),
      /** The address the title was reached from, kept on the record for people (never sent to the service). */
      address: purchaseAddressSchema.optional(),
      /** "Buy again anyway": do not reuse variables the journal holds. */
      buyAgain: z.boolean().optional(),
      /** The second confirmation of a purchase above the environment's threshold. */
      confirmed: z.boolean().optional(),
    }).refine(hasOneTarget, oneTargetMessage).transform(withTarget),
    response: purchaseRecordSchema,
  }),
  'purchase:get': () => ({ request: localId, response: purchaseRecordSchema }),
  'purchase:list': () => ({ request: historyQuerySchema.strict().optional(), response: z.object({ purchases: z.array(purchaseRecordSchema) }) }),
  /** The same page as purchase:list, each purchase as History shows it (no timeline, values or followed fields; purchase:get has them). */
  'purchase:history': () => ({ request: historyQuerySchema.strict().optional(), response: z.object({ purchases: z.array(purchaseSummarySchema) }) }),
  'purchase:check': () => ({
    request: z.strictObject({
      reference: z.string().trim().min(1).max(2048),
      wait: z.boolean().optional(),
      /** Keep a purchase the service does not know (404) in the history anyway. */
      keep: z.boolean().optional(),
    }),
    response: purchaseRecordSchema,
  }),
  /** "Send now": a purchase that was never sent goes out, once. */
  'purchase:send': () => ({ request: localId, response: purchaseRecordSchema }),
  /** "Send all": every not-sent purchase; answers once each was answered or failed, with what happened. */
  'purchase:send-all': () => ({ request: noPayload, response: sendAllReportSchema }),
  /** An outcome-unknown purchase: buy again (may charge twice) or abandon. */
  'purchase:resolve': () => ({ request: z.strictObject({ id: z.uuid(), action: resolveActionSchema }), response: purchaseRecordSchema }),
  /** What the journal found wrong when it opened (damaged, empty, unreadable records, rescued answers), and answers it refuses now. */
  'journal:status': () => ({ request: noPayload, response: journalStatusSchema }),
  /** The whole history with results, to save as one JSON file. */
  'history:export': () => ({ request: noPayload, response: historyExportSchema }),
  /** Purchases from an export (in parts, as large files are sent in pieces); never sent from here. */
  'history:import': () => ({ request: z.strictObject({ document: historyExportSchema }), response: importSummarySchema }),
  'journal:backups': () => ({ request: noPayload, response: z.object({ folder: z.string(), backups: z.array(backupInfoSchema) }) }),
  /** Restores a backup at the next start; the journal it replaces is kept. */
  'journal:restore': () => ({ request: z.strictObject({ name: z.string().min(1).max(200) }), response: backupInfoSchema }),
  'purchase:cancel': () => ({ request: localId, response: purchaseRecordSchema }),
  'purchase:recheck': () => ({ request: localId, response: purchaseRecordSchema }),
  'settings:get': () => ({ request: noPayload, response: advancedSettingsSchema }),
  'settings:update': () => ({ request: z.strictObject({ advanced: advancedSettingsSchema.strict() }), response: advancedSettingsSchema }),
  'sandbox:info': () => ({ request: noPayload, response: sandboxInfoSchema }),
  /** The built-in Sandbox's demo switches (outage, slow answers, timeouts). */
  'sandbox:faults': () => ({ request: noPayload, response: sandboxFaultsSchema }),
  /** Sets them all at once; refused where no built-in Sandbox runs. */
  'sandbox:set-faults': () => ({ request: sandboxFaultsSchema, response: sandboxFaultsSchema }),
  'spending:status': () => ({ request: environmentRef, response: spendingStatusSchema }),
  'spending:history': () => ({ request: environmentRef, response: spendingHistorySchema }),
  'spending:update': () => ({
    request: z.strictObject({
      environmentId: environmentIdSchema,
      settings: spendingSettingsSchema.strict(),
      reuseDays: z.number().int().min(0).max(3650).optional(),
      batchConcurrency: z.number().int().min(1).max(64).optional(),
    }),
    response: spendingStatusSchema,
  }),
  'batch:preview': () => ({
    request: z.strictObject({
      source: z.string().max(300),
      /** The file's text, or rows pasted from a spreadsheet. */
      csv: z.string().min(1).max(16_000_000),
      variables: z.array(iri).min(1).max(500),
      tenure: batchTenureSchema,
      /** Which catalog rows with an address buy from: their titles (when absent), the address's own, or its UPRN's. */
      from: batchFromSchema.optional(),
      /** 0: buy again anyway. Default: the setting. */
      reuseDays: z.number().int().min(0).max(3650).optional(),
      budget: amountsSchema.optional(),
    }),
    response: z.object({ batch: batchSummarySchema, items: z.array(batchItemSchema) }),
  }),
  'batch:start': () => ({ request: z.strictObject({ id: z.uuid(), budget: amountsSchema.optional() }), response: batchSummarySchema }),
  'batch:pause': () => ({ request: z.strictObject({ id: z.uuid() }), response: batchSummarySchema }),
  'batch:cancel': () => ({ request: z.strictObject({ id: z.uuid() }), response: batchSummarySchema }),
  'batch:get': () => ({ request: z.strictObject({ id: z.uuid() }), response: batchSummarySchema }),
  'batch:items': () => ({
    request: z.strictObject({ id: z.uuid(), offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(10_000).optional() }),
    response: z.object({ items: z.array(batchItemSchema) }),
  }),
  'batch:list': () => ({ request: noPayload, response: z.object({ batches: z.array(batchSummarySchema) }) }),
  'batch:export': () => ({
    request: z.strictObject({ id: z.uuid(), format: z.enum(['csv', 'xlsx', 'json']) }),
    response: z.object({ fileName: z.string(), mediaType: z.string(), base64: z.string() }),
  }),
  'environment:test': () => ({ request: environmentRef, response: connectionTestSchema }),
  'address:test-key': () => ({
    request: z
      .strictObject({
        environmentId: environmentIdSchema.optional(),
        text: z.string().trim().min(1).max(200).optional(),
        retrieveId: z.string().min(1).max(300).optional(),
      })
      .optional(),
    response: providerKeyTestSchema,
  }),
  'report:property': () => ({ request: propertyReportRequestSchema, response: propertyReportSchema }),
  'report:save-pdf': () => ({ request: savePdfRequestSchema, response: savePdfResultSchema }),
  /** The built-in presets and the user's own (kept in settings, so the CLI's --preset finds them). */
  'presets:list': () => ({ request: noPayload, response: presetListSchema }),
  /** Saves a preset, replacing one of the same name; a built-in name is refused. */
  'presets:save': () => ({ request: savedPresetSchema, response: presetListSchema }),
  'presets:delete': () => ({ request: z.strictObject({ name: z.string().trim().min(1).max(80) }), response: presetListSchema }),
  /** Settings → Team: the setting and whether a password is kept (never the password). */
  'team:get': () => ({ request: noPayload, response: teamViewSchema }),
  /** Joins a team, or changes how: the password goes to the secret store, left out to keep the saved one. */
  'team:save': () => ({ request: z.strictObject({ setting: teamSettingSchema.strict(), password: teamPasswordSchema.optional() }), response: teamViewSchema }),
  /** Opens the team database as this desk would: the form's values, else the saved ones; nothing is saved. */
  'team:test': () => ({
    request: z.strictObject({ setting: teamSettingSchema.strict().optional(), password: teamPasswordSchema.optional() }).optional(),
    response: teamTestResultSchema,
  }),
  /** Leaves the team: the setting and the kept password are removed. */
  'team:leave': () => ({ request: noPayload, response: teamViewSchema }),
  /** The app's view of the team database: off, connected as a desk, or unreachable since when and why. */
  'team:status': () => ({ request: noPayload, response: teamLinkStatusSchema }),
  /** The team panel: the team's settings, budgets with what is spent, desks and purchases waiting for their desk. */
  'team:admin': () => ({ request: noPayload, response: teamAdminViewSchema }),
  /** A budget, the team's settings or a desk (admin), or a waiting purchase released (support, admin); answers the overview after it. */
  'team:admin-change': () => ({ request: teamAdminChangeSchema, response: teamAdminViewSchema }),
});

export type RequestChannel = keyof typeof requestChannels;
export type RequestOf<C extends RequestChannel> = z.input<(typeof requestChannels)[C]['request']>;
export type ParsedRequestOf<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['request']>;
export type ResponseOf<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['response']>;
export const requestChannelNames = Object.keys(requestChannels) as RequestChannel[];

export const eventChannels = {
  /** Coalesced: at most about ten messages a second, each with every purchase that changed. */
  'purchase:updated': z.object({ purchases: z.array(purchaseRecordSchema) }),
  'auth:changed': authStateSchema,
  /**
   * Desktop app only: open Look up on this purchase ID or result URL and check it (a
   * titledesk://purchase/… link, already parsed strictly by main, or a notification clicked).
   */
  'app:open-purchase': z.object({ reference: z.string().min(1).max(2048) }),
  /** Coalesced like purchase:updated: a batch's summary whenever its lines change. */
  'batch:updated': batchSummarySchema,
  /** journal:status again whenever its notices change while the app runs (at most once a second). */
  'journal:changed': journalStatusSchema,
  /** team:status again whenever the link to the team database changes (joined, away, back, left). */
  'team:changed': teamLinkStatusSchema,
} as const;

export type EventChannel = keyof typeof eventChannels;
export type EventOf<E extends EventChannel> = z.output<(typeof eventChannels)[E]>;
export const eventChannelNames = Object.keys(eventChannels) as EventChannel[];

export function isRequestChannel(name: string): name is RequestChannel {
  return Object.hasOwn(requestChannels, name);
}
