import { contextBridge } from 'electron';

/**
 * The only bridge between the sandboxed renderer and the main process. It exposes one narrow
 * function per contract channel and nothing else (never ipcRenderer, never process).
 */
contextBridge.exposeInMainWorld('api', Object.freeze({ host: 'electron' as const }));
