import { renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The most a settings file may hold. Settings are a few kilobytes even with many environments and
 * presets; a huge file took seconds to read and parse on every load, and kept the host from
 * serving (docs/decisions/018-settings-file-size-cap.md).
 */
export const maxSettingsFileBytes = 1024 * 1024;

/** The file's size when it is over the cap; undefined when it is within it, absent or not a file. */
export function oversizedSettingsFile(path: string): number | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() && stats.size > maxSettingsFileBytes ? stats.size : undefined;
  } catch {
    return undefined;
  }
}

function mebibytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Why a file of `size` bytes is not read, in the words every host shows. */
export function oversizedSettingsMessage(path: string, size: number): string {
  return `The settings file ${path} is ${mebibytes(size)}, more than the ${mebibytes(maxSettingsFileBytes)} a settings file may hold, so it is not read`;
}

/**
 * Moves an oversized settings file aside unread, as a file that is not JSON is, and says so.
 * A move that fails is said too, with `keepInMemory` set: the caller must not read the file.
 */
export function setOversizedSettingsAside(folder: string, name: string): { readonly problem: string; readonly keepInMemory: boolean } | undefined {
  const path = join(folder, `${name}.json`);
  const size = oversizedSettingsFile(path);
  if (size === undefined) return undefined;
  const aside = join(folder, `${name}.too-large-${String(Date.now())}.json`);
  try {
    renameSync(path, aside);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'refused';
    return { problem: `${oversizedSettingsMessage(path, size)}; it could not be moved aside (${reason}), so defaults are used and changes last until TitleDesk closes.`, keepInMemory: true };
  }
  return { problem: `${oversizedSettingsMessage(path, size)}; it was moved to ${aside} and defaults are used.`, keepInMemory: false };
}
