import type { Dispatcher } from 'undici';
import { requestChannelNames } from '../../../shared/contract/channels.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import type { SandboxConfig } from '../../../shared/environment/sandbox-config.ts';
import { unsavedRefreshTokenNote } from '../../../shared/errors/refresh-token-words.ts';
import { dataDirCoordination } from '../auth/refresh-coordination.ts';
import { EnvironmentRegistry } from '../env/environment-registry.ts';
import { CoreError } from '../errors.ts';
import { EventHub } from '../events/event-hub.ts';
import { createUpdateBatcher } from '../events/update-batcher.ts';
import { createHttpAgent } from '../http/agent.ts';
import type { ProxyResolver } from '../http/proxy-routes.ts';
import { createRouter } from '../router/create-router.ts';
import { environmentHandlers } from '../router/environment-handlers.ts';
import { journalHandlers } from '../router/journal-handlers.ts';
import { lookupHandlers } from '../router/lookup-handlers.ts';
import { onboardingHandlers } from '../router/onboarding-handlers.ts';
import { purchaseHandlers } from '../router/purchase-handlers.ts';
import { reportHandlers } from '../router/report-handlers.ts';
import type { ReportPrinter } from '../report/report-printer.ts';
import { PurchaseService } from '../purchases/purchase-service.ts';
import { sealJournal } from '../purchases/journal/journal-seal.ts';
import { purchaseEnvironment, resolvePurchaseEnvironment } from '../env/purchase-environment.ts';
import { registerSender } from './sender-presence.ts';
import { BatchService } from '../batch/batch-service.ts';
import { SpendingLedger } from '../spending/ledger.ts';
import { admitResend } from '../spending/guarded-resend.ts';
import { SpendingGuard } from '../spending/spending-guard.ts';
import { batchHandlers } from '../router/batch-handlers.ts';
import { presetHandlers } from '../router/preset-handlers.ts';
import { sandboxFaultHandlers, type SandboxFaultControl } from '../router/sandbox-fault-handlers.ts';
import { spendingHandlers } from '../router/spending-handlers.ts';
import { teamHandlers } from '../router/team-handlers.ts';
import { TeamLink } from './team-link.ts';
import type { ContractEvents, ContractRouter } from '../router/router-types.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { SettingsStore } from '../settings/settings-store.ts';

/** What differs per host (Electron, the browser-mode host, the CLI, tests). */
export interface CoreOptions {
  /** Where the purchase journal lives (Electron: userData). */
  readonly dataDir: string;
  /** Secrets of user environments: safeStorage in Electron, memory or environment variables elsewhere. */
  readonly secrets: SecretStore;
  readonly settings: SettingsStore;
  /** Process environment variables: credentials for the one environment marked to use them. */
  readonly environmentVariables?: Readonly<Record<string, string | undefined>>;
  /** A running sandbox becomes the built-in, default environment. */
  readonly sandbox?: SandboxConfig;
  /** The built-in sandbox's demo fault switches (Settings → Sandbox), when this core started it. */
  readonly sandboxFaults?: SandboxFaultControl;
  /**
   * Follow the journal's pending purchases again (default true). The app does; a one-shot CLI
   * command does not, so it never polls purchases it was not asked about.
   */
  readonly resume?: boolean;
  /** Proxies per URL from the host (the desktop app: the OS settings through Electron); else HTTPS_PROXY/NO_PROXY. */
  readonly proxyResolver?: ProxyResolver;
  readonly log?: (message: string) => void;
  /** Continue batches that were running (default: as resume). The CLI runs only the batch it was asked for. */
  readonly resumeBatches?: boolean;
  /** Saves the window as PDF: only the desktop app has one. */
  readonly printer?: ReportPrinter;
  /** The CLI's TITLEDESK_TEAM_* variables: they win over Settings → Team. The app passes none. */
  readonly teamVariables?: Readonly<Record<string, string | undefined>>;
}

export interface TitleDeskCore {
  readonly environments: EnvironmentRegistry;
  readonly purchases: PurchaseService;
  /** Budgets and spent money per environment. */
  readonly spending: SpendingGuard;
  readonly batches: BatchService;
  readonly router: ContractRouter;
  readonly events: ContractEvents;
  readonly channels: readonly string[];
  readonly sandbox: SandboxConfig | undefined;
  /** The link to the team database (Settings → Team, the CLI's variables); off without a team. */
  readonly team: TeamLink;
  /** Stops timers and polling and closes connections and the journal. */
  close(): Promise<void>;
}

/** A journal that cannot be opened is a data-folder problem with its own exit code, named plainly. */
function openJournal<T>(dataDir: string, open: () => T): T {
  try {
    return open();
  } catch (error) {
    if (error instanceof CoreError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CoreError('data_dir', `The purchase journal in the data folder ${dataDir} cannot be opened: ${reason}.`, { cause: error });
  }
}

/** Wires the core services together once; every host then talks to it through the router. */
export async function createCore(options: CoreOptions): Promise<TitleDeskCore> {
  const events = new EventHub();
  const loaded = options.settings.load();
  const agent: Dispatcher = createHttpAgent({
    connections: loaded.settings.advanced.maxConcurrentRequests,
    ...(options.proxyResolver === undefined ? {} : { proxyResolver: options.proxyResolver }),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  const environments = new EnvironmentRegistry({
    settings: options.settings,
    secrets: options.secrets,
    dispatcher: agent,
    // Every process on this folder (app, browser mode, CLI) takes turns with refresh tokens.
    tokenCoordination: dataDirCoordination(options.dataDir),
    ...(options.environmentVariables === undefined ? {} : { environmentVariables: options.environmentVariables }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
  });
  await environments.init();
  // Before any intent is journaled: other processes on this folder must see this one as alive.
  const presence = openJournal(options.dataDir, () => registerSender(options.dataDir));
  const purchases = openJournal(options.dataDir, () => new PurchaseService({
    presence,
    dataDir: options.dataDir,
    maxConcurrent: loaded.settings.advanced.maxConcurrentRequests,
    retry: () => {
      const advanced = environments.advanced();
      return { attempts: advanced.pollMaxAttempts, baseMs: advanced.pollBackoffBaseMs, capMs: advanced.pollBackoffMaxMs };
    },
    resolveEnvironment: (id) => resolvePurchaseEnvironment(environments, id),
    autoSendMinutes: () => environments.advanced().autoSendNotSentMinutes,
    backups: options.resume !== false,
    ...(options.log === undefined ? {} : { log: options.log }),
  }));
  // Said once in the host's log (the CLI's stderr) when a rotated refresh token cannot be stored.
  const toldUnsaved = new Set<string>();
  const stopAuthEvents = environments.onAuthChange((state) => {
    events.emit('auth:changed', state);
    if (state.refreshTokenUnsaved !== true) toldUnsaved.delete(state.environmentId);
    else if (!toldUnsaved.has(state.environmentId)) {
      toldUnsaved.add(state.environmentId);
      options.log?.(unsavedRefreshTokenNote);
    }
    // A successful sign-in lets purchases that were waiting for it go on.
    if (state.signedIn) purchases.resumeWaiting(state.environmentId);
  });
  const batcher = createUpdateBatcher({
    keyOf: (record: { id: string }) => record.id,
    deliver: (batch: PurchaseRecord[]) => {
      events.emit('purchase:updated', { purchases: batch });
    },
  });
  const stopPurchaseEvents = purchases.onUpdate((record) => {
    batcher.push(record);
  });
  const spending = new SpendingGuard({ ledger: new SpendingLedger(purchases.journalPath), settings: () => environments.purchasing() });
  purchases.guardResends((record) => {
    admitResend(spending, record);
  });
  const batches = new BatchService({
    journalPath: purchases.journalPath,
    purchases,
    guard: spending,
    sessionOf: (id) => environments.session(id),
    environmentOf: (id) => purchaseEnvironment(environments, id),
  });
  const batchEvents = createUpdateBatcher({
    keyOf: (change: { id: string }) => change.id,
    deliver: (changed: { id: string }[]) => {
      for (const { id } of changed) events.emit('batch:updated', batches.summary(id));
    },
    // A summary reads every line of its batch: twice a second is live enough for a progress bar.
    intervalMs: 500,
  });
  const stopBatchEvents = batches.onChange((id) => {
    batchEvents.push({ id });
  });
  // A full disk can refuse thousands of answers in a second: the window hears at most once a second.
  const journalEvents = createUpdateBatcher({
    keyOf: () => 'journal',
    deliver: () => {
      events.emit('journal:changed', purchases.journalStatus);
    },
    intervalMs: 1000,
  });
  const stopJournalEvents = purchases.onJournalChange(() => {
    journalEvents.push({});
  });
  // A desk of a team joins before anything is sent: every send, a start's too, begins in the team's database.
  const team = new TeamLink({
    environments,
    purchases,
    secrets: options.secrets,
    dataDir: options.dataDir,
    ...(options.teamVariables === undefined ? {} : { variables: options.teamVariables }),
    onChange: (status) => { events.emit('team:changed', status); },
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  await team.restart();
  // Purchases that were pending when TitleDesk last stopped are followed again, and so are batches.
  if (options.resume !== false) {
    purchases.resume();
    if (options.resumeBatches !== false) batches.resumeRunning();
  } else {
    // Every command opening the folder judges intents a killed process left "submitting", as a
    // start does, so `check` says "outcome unknown" at once; sending and following stay with the app.
    purchases.judgeInterrupted();
  }
  const environmentRoutes = environmentHandlers(environments, options.sandbox);
  const router = createRouter({
    ...environmentRoutes,
    // New credentials: purchases waiting for them go on (a token is fetched when one is sent).
    'credentials:set': async (request) => {
      const status = await environmentRoutes['credentials:set'](request);
      purchases.resumeWaiting(request.environmentId);
      return status;
    },
    ...lookupHandlers(environments),
    ...onboardingHandlers(environments, options.sandbox),
    ...purchaseHandlers(environments, purchases, spending),
    ...journalHandlers(purchases),
    ...spendingHandlers(environments, spending),
    ...presetHandlers(environments),
    ...sandboxFaultHandlers(options.sandboxFaults),
    ...batchHandlers(environments, batches),
    ...reportHandlers(environments, purchases, options.printer),
    ...teamHandlers(environments, options.secrets, team),
  }, { dataDir: options.dataDir });
  return {
    environments,
    purchases,
    spending,
    batches,
    router,
    events,
    channels: requestChannelNames,
    sandbox: options.sandbox,
    team,
    async close() {
      stopAuthEvents();
      stopPurchaseEvents();
      stopBatchEvents();
      stopJournalEvents();
      journalEvents.close();
      batchEvents.close();
      batches.halt();
      // This desk's last answers go to the team database before the journal closes.
      await team.close();
      await purchases.close();
      // Only now: no intent of this process is in flight any more.
      presence.close();
      await batches.close();
      spending.ledger.close();
      batcher.close();
      // The journal's last connection is closed now, not at purchases.close() (journal-seal.ts).
      sealJournal(purchases.journalPath);
      await agent.close();
    },
  };
}
