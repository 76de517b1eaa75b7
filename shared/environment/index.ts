/**
 * Where TitleDesk buys from and how it talks to it. What it promises:
 *
 * - Environments (the service's base URL, only http(s), its sign-in and advanced settings)
 *   and how a property report names where its data came from (environment.ts,
 *   report-environment.ts).
 * - Connection and provider-key tests, step by step in plain words (connection-test.ts).
 * - How long one request may take before it counts as not answered (request-limits.ts).
 * - The built-in sandbox: how it behaves where the real service may differ, what it is told to
 *   simulate, and the config it prints (sandbox-behaviour.ts, sandbox-faults.ts,
 *   sandbox-config.ts).
 */
export { type ConnectionTest, connectionTestSchema, productionBaseUrl, type ProviderKeyTest, providerKeyTestSchema, type TestStep, testStepSchema } from './connection-test.ts';
export { type AdvancedSettings, advancedSettingsSchema, type AuthMode, authModeSchema, type AuthState, authStateSchema, type CredentialSource, credentialSourceSchema, defaultAdvancedSettings, type Environment, environmentIdSchema, type EnvironmentInput, environmentInputSchema, type EnvironmentKind, environmentKindOf, environmentKindSchema, environmentSchema, httpUrlSchema } from './environment.ts';
export { type ReportEnvironment, reportEnvironment } from './report-environment.ts';
export { requestTimeoutMs } from './request-limits.ts';
export { type CatalogShape, catalogShapes, catalogShapeSchema, defaultSandboxBehaviour, type SandboxBehaviour, sandboxBehaviourChangeSchema, sandboxBehaviourSchema } from './sandbox-behaviour.ts';
export { type SandboxConfig, sandboxConfigSchema } from './sandbox-config.ts';
export { anySandboxFault, describeSandboxFaults, noSandboxFaults, type SandboxFaults, sandboxFaultsSchema, simulatedTimeoutMs } from './sandbox-faults.ts';
