/**
 * The contract between the renderer and whichever host serves it (the Electron main process
 * through the preload, or the browser-mode host). What it promises:
 *
 * - Every request and event channel is named once, with zod schemas for what crosses it, and a
 *   process builds only the channels it uses (channels.ts, lazy-channels.ts, catalog-target.ts).
 * - The channel names without their schemas, kept complete by the compiler, so the preload
 *   forwards without loading zod (channel-names.ts: import it directly, not through this file).
 * - `window.api`: one function per request channel, and event subscriptions that hand over only
 *   the payload (api.ts).
 * - Every call returns a value, ok or failed with a code the UI can act on, never a thrown error
 *   across IPC (result.ts).
 */
export { type TitleDeskApi } from './api.ts';
export { catalogTargetFields, hasOneTarget, oneTargetMessage, withTarget } from './catalog-target.ts';
export { eventChannelList, eventChannelListIsComplete, isEventChannelName, pageListeningChannel, requestChannelList, requestChannelListIsComplete } from './channel-names.ts';
export { type CredentialStatus, credentialStatusSchema, type EventChannel, eventChannelNames, eventChannels, type EventOf, isRequestChannel, type ParsedRequestOf, type RequestChannel, requestChannelNames, requestChannels, type RequestOf, type ResponseOf, type SandboxInfo, sandboxInfoSchema, secretNameSchema } from './channels.ts';
export { lazyChannels } from './lazy-channels.ts';
export { fail, ok, type Result } from './result.ts';
