import { renameSync, rmSync } from 'node:fs';
import { join, parse } from 'node:path';
import electronLog from 'electron-log/node';
import { makePrivateFolder, privateFileMode } from '../../core/files/private-files.ts';
import { createRedactor, redactLogData, secretEnvironmentVariables } from './log-redaction.ts';

/**
 * The main process's log: `<userData>/logs/main.log`, rotated at 1 MB into main.1.log …
 * main.3.log, every message redacted before it is written (log-redaction.ts). electron-log's
 * Node entry is used rather than its Electron one, which registers IPC listeners for renderer
 * logs: the renderer has no business writing here. No electron import, so it is tested in Node.
 */
export interface AppLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  readonly file: string;
}

export function createAppLog(options: { logsDir: string; env?: NodeJS.ProcessEnv; maxBytes?: number; archives?: number; toConsole?: boolean; logId?: string }): AppLog {
  const env = options.env ?? process.env;
  const known = secretEnvironmentVariables.map((name) => env[name] ?? '').filter((value) => value !== '');
  const redact = createRedactor(known);
  const logger = electronLog.create({ logId: options.logId ?? 'titledesk-main' });
  const file = join(options.logsDir, 'main.log');
  logger.transports.file.resolvePathFn = () => file;
  // Owner only, like every file of the data folder, whatever the umask (core/files/private-files.ts).
  makePrivateFolder(options.logsDir);
  logger.transports.file.writeOptions = { ...logger.transports.file.writeOptions, mode: privateFileMode };
  logger.transports.file.maxSize = options.maxBytes ?? 1024 * 1024;
  logger.transports.file.archiveLogFn = (oldFile) => {
    rotate(oldFile.path, options.archives ?? 3);
  };
  logger.transports.file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] [{level}] {text}';
  logger.transports.console.level = options.toConsole === false ? false : 'info';
  logger.hooks.push((message) => ({ ...message, data: redactLogData(message.data, redact) }));
  return {
    file,
    info: (message) => { logger.info(message); },
    warn: (message) => { logger.warn(message); },
    error: (message, error) => { if (error === undefined) logger.error(message); else logger.error(message, error); },
  };
}

/** main.log → main.1.log → … → main.<archives>.log, the oldest dropped. */
export function rotate(path: string, archives: number): void {
  const { dir, name, ext } = parse(path);
  const archive = (n: number): string => join(dir, `${name}.${n}${ext}`);
  rmSync(archive(archives), { force: true });
  for (let n = archives - 1; n >= 1; n -= 1) {
    try {
      renameSync(archive(n), archive(n + 1));
    } catch {
      // That archive does not exist yet.
    }
  }
  renameSync(path, archive(1));
}
