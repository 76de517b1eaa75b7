import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  environmentInputSchema,
  type AdvancedSettings,
  type AuthState,
  type AuthMode,
  type Environment,
} from '../../../shared/environment/environment.ts';
import type { SandboxConfig } from '../../../shared/environment/sandbox-config.ts';
import { defaultPurchasingSettings, type PurchasingSettings } from '../../../shared/money/spending.ts';
import type { SavedPreset } from '../../../shared/catalog/variable-presets.ts';
import type { TeamSetting } from '../../../shared/team/team-setting.ts';
import { createEnvironmentSession, type EnvironmentSession } from './environment-session.ts';
import { CoreError } from '../errors.ts';
import { EnvSecretStore } from '../secrets/env-secret-store.ts';
import { MemorySecretStore } from '../secrets/memory-secret-store.ts';
import type { SecretName, SecretStore } from '../secrets/secret-store.ts';
import type { RefreshCoordination } from '../auth/refresh-coordination.ts';
import type { Settings, SettingsStore } from '../settings/settings-store.ts';
import { fillSandboxSecrets, sandboxEnvironment, sandboxEnvironmentId } from './sandbox-environment.ts';

export interface EnvironmentRegistryOptions {
  readonly settings: SettingsStore;
  /** Where user environments keep their secrets (safeStorage, environment variables, memory). */
  readonly secrets: SecretStore;
  readonly dispatcher: Dispatcher;
  /**
   * The process environment variables (WF_CLIENT_ID, …). They are read only for the environment
   * marked `credentialsFromEnvironment`, never for any other.
   */
  readonly environmentVariables?: Readonly<Record<string, string | undefined>>;
  /** A running sandbox becomes the built-in default environment. */
  readonly sandbox?: SandboxConfig;
  readonly now?: () => number;
  /** Refresh-token use shared with the other processes of the data folder; default this process alone. */
  readonly tokenCoordination?: RefreshCoordination;
}

const secretNames: readonly SecretName[] = ['refreshToken', 'clientSecret', 'clientId', 'developerClientId', 'providerKey'];

function validationError(error: z.ZodError): CoreError {
  const detail = error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('; ');
  return new CoreError('validation', `Invalid environment: ${detail}`);
}

/** A readable, stable id from the name: the id shows up in settings files and CLI output. */
function idFor(name: string, taken: ReadonlySet<string>): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'environment';
  const base = slug === sandboxEnvironmentId ? `${slug}-user` : slug;
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

/**
 * The environments TitleDesk knows: the built-in sandbox (when one runs) and the user's own,
 * which one is selected, and a session (tokens + API client) for each, rebuilt when it changes.
 */
export class EnvironmentRegistry {
  readonly #store: SettingsStore;
  readonly #secrets: SecretStore;
  readonly #sessionSecrets = new MemorySecretStore();
  readonly #envSecrets: EnvSecretStore;
  readonly #dispatcher: Dispatcher;
  readonly #sandbox: Environment | undefined;
  readonly #sandboxConfig: SandboxConfig | undefined;
  readonly #now: (() => number) | undefined;
  readonly #tokenCoordination: RefreshCoordination | undefined;
  readonly #sessions = new Map<string, { session: EnvironmentSession; unsubscribe: () => void }>();
  readonly #listeners = new Set<(state: AuthState) => void>();
  #settings: Settings;
  #sandboxMode: AuthMode = 'developer';
  /** Why settings could not be read as they were, for the UI to show once. */
  readonly loadProblem: string | undefined;

  constructor(options: EnvironmentRegistryOptions) {
    this.#store = options.settings;
    this.#secrets = options.secrets;
    this.#dispatcher = options.dispatcher;
    this.#envSecrets = new EnvSecretStore(options.environmentVariables ?? {});
    this.#sandboxConfig = options.sandbox;
    this.#sandbox = options.sandbox === undefined ? undefined : sandboxEnvironment(options.sandbox);
    this.#now = options.now;
    this.#tokenCoordination = options.tokenCoordination;
    const loaded = options.settings.load();
    this.#settings = loaded.settings;
    this.loadProblem = loaded.problem;
  }

  /** Puts the sandbox's credentials in place; call once before using the built-in environment. */
  async init(): Promise<void> {
    if (this.#sandboxConfig !== undefined) await fillSandboxSecrets(this.#sandboxConfig, this.#sessionSecrets);
  }

  list(): Environment[] {
    const sandbox = this.#sandbox === undefined ? [] : [{ ...this.#sandbox, authMode: this.#sandboxMode }];
    return [...sandbox, ...this.#settings.environments];
  }

  get(id: string): Environment {
    const found = this.list().find((environment) => environment.id === id);
    if (found === undefined) throw new CoreError('not_found', `There is no environment "${id}".`);
    return found;
  }

  selected(): Environment {
    const all = this.list();
    const chosen = all.find((environment) => environment.id === this.#settings.selectedEnvironmentId) ?? all[0];
    if (chosen === undefined) throw new CoreError('not_found', 'No environment is configured.');
    return chosen;
  }

  select(id: string): Environment {
    const environment = this.get(id);
    this.#save({ ...this.#settings, selectedEnvironmentId: id });
    return environment;
  }

  advanced(): AdvancedSettings {
    return this.#settings.advanced;
  }

  setAdvanced(advanced: AdvancedSettings): void {
    this.#save({ ...this.#settings, advanced });
    this.#dropAllSessions();
  }

  purchasing(): PurchasingSettings {
    return this.#settings.purchasing ?? defaultPurchasingSettings;
  }

  setPurchasing(purchasing: PurchasingSettings): void {
    this.#save({ ...this.#settings, purchasing });
  }

  savedPresets(): readonly SavedPreset[] {
    return this.#settings.presets ?? [];
  }

  setSavedPresets(presets: readonly SavedPreset[]): void {
    this.#save({ ...this.#settings, presets });
  }

  /** Settings → Team, kept here with the rest so no save of another setting drops it. */
  team(): TeamSetting | undefined {
    return this.#settings.team;
  }

  setTeam(team: TeamSetting | undefined): void {
    // Undefined leaves the key out of the file (file-settings-store.ts writes only what is set).
    this.#save({ ...this.#settings, team });
  }

  add(input: unknown): Environment {
    const parsed = environmentInputSchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const id = idFor(parsed.data.name, new Set(this.list().map((environment) => environment.id)));
    const environment: Environment = { ...parsed.data, id };
    this.#save({ ...this.#settings, environments: [...this.#unmarkedIf(environment), environment] });
    // An environment that lost the variables must not keep a session built on them.
    if (environment.credentialsFromEnvironment === true) this.#dropAllSessions();
    return environment;
  }

  update(id: string, input: unknown): Environment {
    const current = this.get(id);
    if (current.builtIn === true) throw new CoreError('validation', 'The built-in Sandbox environment cannot be edited.');
    const parsed = environmentInputSchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const environment: Environment = { ...parsed.data, id };
    const environments = this.#unmarkedIf(environment).map((known) => (known.id === id ? environment : known));
    this.#save({ ...this.#settings, environments });
    this.#dropAllSessions();
    return environment;
  }

  /** Switches the auth mode; for the sandbox this lasts for the session, since it has both kinds of credentials. */
  setAuthMode(id: string, mode: AuthMode): Environment {
    const current = this.get(id);
    if (current.builtIn === true) {
      this.#sandboxMode = mode;
      this.#dropSession(id);
      return this.get(id);
    }
    return this.update(id, { ...current, authMode: mode, id: undefined, builtIn: undefined });
  }

  async remove(id: string): Promise<void> {
    const current = this.get(id);
    if (current.builtIn === true) throw new CoreError('validation', 'The built-in Sandbox environment cannot be removed.');
    const environments = this.#settings.environments.filter((known) => known.id !== id);
    const selectedEnvironmentId = this.#settings.selectedEnvironmentId === id ? null : this.#settings.selectedEnvironmentId;
    this.#save({ ...this.#settings, environments, selectedEnvironmentId });
    this.#dropSession(id);
    const store = this.secretsFor(current);
    await Promise.all(secretNames.map((name) => store.delete(id, name)));
  }

  secretsFor(environment: Environment): SecretStore {
    if (environment.builtIn === true) return this.#sessionSecrets;
    return environment.credentialsFromEnvironment === true ? this.#envSecrets : this.#secrets;
  }

  /**
   * The environment variables hold one set of credentials, so they belong to one environment:
   * marking `environment` unmarks whichever other environment had them.
   */
  #unmarkedIf(environment: Environment): readonly Environment[] {
    if (environment.credentialsFromEnvironment !== true) return this.#settings.environments;
    return this.#settings.environments.map((known) =>
      known.id !== environment.id && known.credentialsFromEnvironment === true ? { ...known, credentialsFromEnvironment: false } : known,
    );
  }

  /** Stores a credential; the environment's cached token is dropped so the next request uses it. */
  async setSecret(id: string, name: SecretName, value: string): Promise<void> {
    const environment = this.get(id);
    const trimmed = value.trim();
    if (trimmed === '') await this.secretsFor(environment).delete(id, name);
    else await this.secretsFor(environment).set(id, name, trimmed);
    this.#sessions.get(id)?.session.tokens.reset();
  }

  session(id: string = this.selected().id): EnvironmentSession {
    const existing = this.#sessions.get(id);
    if (existing !== undefined) return existing.session;
    const environment = this.get(id);
    const session = createEnvironmentSession({
      environment,
      secrets: this.secretsFor(environment),
      dispatcher: this.#dispatcher,
      advanced: this.#settings.advanced,
      ...(this.#now === undefined ? {} : { now: this.#now }),
      ...(this.#tokenCoordination === undefined ? {} : { tokenCoordination: this.#tokenCoordination }),
    });
    const unsubscribe = session.tokens.onChange((state) => {
      for (const listener of this.#listeners) listener(state);
    });
    this.#sessions.set(id, { session, unsubscribe });
    return session;
  }

  /** Auth state changes of every environment: states only, never tokens. */
  onAuthChange(listener: (state: AuthState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #save(settings: Settings): void {
    this.#store.save(settings);
    this.#settings = settings;
  }

  #dropSession(id: string): void {
    this.#sessions.get(id)?.unsubscribe();
    this.#sessions.delete(id);
  }

  #dropAllSessions(): void {
    for (const id of [...this.#sessions.keys()]) this.#dropSession(id);
  }
}
