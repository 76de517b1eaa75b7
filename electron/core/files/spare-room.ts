import { openSync, closeSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivate, privateFileMode } from './private-files.ts';

/** The spare room's file in the data folder: zeros, kept only to be deleted when the disk fills. */
export const spareRoomFileName = 'disk-full-reserve.bin';
/** Room for the lines of a few waves of a batch to go back to the queue (a few WAL frames each). */
const spareRoomBytes = 256 * 1024;

/**
 * Room kept on the data folder's disk for the one write that matters once it is full: a batch
 * line whose purchase could not be journaled goes back to the queue (batch-store.ts). Without it
 * that write fails too, and the line, marked as being sent, must be treated as possibly bought at
 * the next start, though it was never sent. Deleting the file frees the room; it is made again
 * by the next process that finds room for it.
 */
export class SpareRoom {
  readonly #path: string;

  constructor(folder: string) {
    this.#path = join(folder, spareRoomFileName);
  }

  /** Makes the file when it is missing or short; on a disk without room for it, leaves none. */
  keep(): void {
    try {
      if (statSync(this.#path).size >= spareRoomBytes) return;
    } catch {
      // Missing: made below.
    }
    let fd: number | undefined;
    try {
      fd = openSync(this.#path, 'w', privateFileMode);
      makePrivate(this.#path);
      const zeros = Buffer.alloc(spareRoomBytes);
      for (let offset = 0; offset < zeros.length;) offset += writeSync(fd, zeros, offset);
    } catch {
      // No room even for this: a half-made file would only take what little is left.
      this.#remove();
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** Frees the room; false when there was none to free. */
  release(): boolean {
    return this.#remove();
  }

  #remove(): boolean {
    try {
      unlinkSync(this.#path);
      return true;
    } catch {
      return false;
    }
  }
}
