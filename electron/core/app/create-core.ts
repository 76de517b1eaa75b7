import type { Agent } from 'undici';
import { requestChannelNames } from '../../../shared/contract/channels.ts';
import type { PurchaseRecord } from '../../../shared/purchase.ts';
import type { SandboxConfig } from '../../../shared/sandbox-config.ts';
import { EnvironmentRegistry } from '../env/environment-registry.ts';
import { EventHub } from '../events/event-hub.ts';
import { createUpdateBatcher } from '../events/update-batcher.ts';
import { createHttpAgent } from '../http/agent.ts';
import { createRouter } from '../router/create-router.ts';
import { environmentHandlers } from '../router/environment-handlers.ts';
import { lookupHandlers } from '../router/lookup-handlers.ts';
import { onboardingHandlers } from '../router/onboarding-handlers.ts';
import { purchaseHandlers } from '../router/purchase-handlers.ts';
import { reportHandlers } from '../router/report-handlers.ts';
import type { ReportPrinter } from '../report/report-printer.ts';
import { PurchaseService } from '../purchases/purchase-service.ts';
import { resolvePurchaseEnvironment } from './purchase-environment.ts';
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
  /** A running sandbox becomes the built-in, default environment. */
  readonly sandbox?: SandboxConfig;
  /**
   * Follow the journal's pending purchases again (default true). The app does; a one-shot CLI
   * command does not, so it never polls purchases it was not asked about.
   */
  readonly resume?: boolean;
  /** Saves the window as PDF: only the desktop app has one. */
  readonly printer?: ReportPrinter;
}

export interface TitleDeskCore {
  readonly environments: EnvironmentRegistry;
  readonly purchases: PurchaseService;
  readonly router: ContractRouter;
  readonly events: ContractEvents;
  readonly channels: readonly string[];
  readonly sandbox: SandboxConfig | undefined;
  /** Stops timers and polling and closes connections and the journal. */
  close(): Promise<void>;
}

/** Wires the core services together once; every host then talks to it through the router. */
export async function createCore(options: CoreOptions): Promise<TitleDeskCore> {
  const events = new EventHub();
  const loaded = options.settings.load();
  const agent: Agent = createHttpAgent({ connections: loaded.settings.advanced.maxConcurrentRequests });
  const environments = new EnvironmentRegistry({
    settings: options.settings,
    secrets: options.secrets,
    dispatcher: agent,
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
  });
  await environments.init();
  const stopAuthEvents = environments.onAuthChange((state) => {
    events.emit('auth:changed', state);
  });
  const purchases = new PurchaseService({
    dataDir: options.dataDir,
    maxConcurrent: loaded.settings.advanced.maxConcurrentRequests,
    retry: () => {
      const advanced = environments.advanced();
      return { attempts: advanced.pollMaxAttempts, baseMs: advanced.pollBackoffBaseMs, capMs: advanced.pollBackoffMaxMs };
    },
    resolveEnvironment: (id) => resolvePurchaseEnvironment(environments, id),
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
  // Purchases that were pending when TitleDesk last stopped are followed again.
  if (options.resume !== false) purchases.resume();
  const router = createRouter({
    ...environmentHandlers(environments, options.sandbox),
    ...lookupHandlers(environments),
    ...onboardingHandlers(environments, options.sandbox),
    ...purchaseHandlers(environments, purchases),
    ...reportHandlers(environments, purchases, options.printer),
  });
  return {
    environments,
    purchases,
    router,
    events,
    channels: requestChannelNames,
    sandbox: options.sandbox,
    async close() {
      stopAuthEvents();
      stopPurchaseEvents();
      await purchases.close();
      batcher.close();
      await agent.close();
    },
  };
}
