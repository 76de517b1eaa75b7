import { fstatSync, readlinkSync, writeSync } from 'node:fs';

const watched = new WeakSet<NodeJS.WriteStream>();
/** Per output stream, the write error that ended it, other than a closed pipe. */
const losses = new WeakMap<NodeJS.WriteStream, NodeJS.ErrnoException>();

/**
 * `titledesk history | head`: once the reader has gone, a write to the pipe fails with EPIPE,
 * which Node raises as an unhandled 'error' event (a stack trace, exit 1). The rule: a closed
 * output pipe ends the output, never the work; the command goes on without printing (a purchase
 * or a batch already under way is followed to its end and journaled) and exits with its own code.
 *
 * Any other write error (ENOSPC from `history > file` on a full disk, EIO, EFBIG…) ends the
 * output the same way, never the work, but is not quiet: the output is incomplete, so
 * `exitCodeAfterOutput` says so on stderr and the command exits 7.
 */
export function endOutputQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (watched.has(stream)) return;
  watched.add(stream);
  writeWholeChunksToFile(stream);
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    // After the first failure the stream is destroyed: later writes fail with ERR_STREAM_DESTROYED, as quietly.
    if (closed && error.code === 'ERR_STREAM_DESTROYED') return;
    closed = true;
    if (error.code !== 'EPIPE') losses.set(stream, error);
  });
}

/**
 * Node's stdout on a file writes each chunk with one write(2) and ignores a short count, which a
 * nearly full disk returns: the output was cut without an error. Each chunk is written whole here,
 * so the disk's ENOSPC on the rest reaches the stream's 'error' like any other write failure.
 */
function writeWholeChunksToFile(stream: NodeJS.WriteStream): void {
  const fd = fdOf(stream);
  if (fd === undefined || !isRegularFile(fd)) return;
  stream._write = (chunk: unknown, encoding: BufferEncoding, done: (error?: Error | null) => void) => {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), encoding);
    try {
      for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}

/** The descriptor under stdout or stderr (a TTY, a pipe, a file: each kind of stream carries it). */
function fdOf(stream: NodeJS.WriteStream): number | undefined {
  return 'fd' in stream && typeof stream.fd === 'number' ? stream.fd : undefined;
}

function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/** Where the output went, as the user named it (`> file`), or "standard output" for a pipe or an unknown target. */
function outputTarget(stream: NodeJS.WriteStream): string {
  try {
    const target = readlinkSync(`/proc/self/fd/${String(fdOf(stream) ?? 1)}`);
    if (target.startsWith('/')) return target;
  } catch {
    // Not Linux, or no /proc: the generic name is still true.
  }
  return 'standard output';
}

/**
 * The exit code once the command has ended with `code`: 7 (a file or disk problem) when its output
 * could not be written whole, with a line on stderr saying why, since a script reading the output
 * must not take a cut file for a whole one. A signal's code (130, 143) is kept: it says more.
 */
export async function exitCodeAfterOutput(stream: NodeJS.WriteStream, code: number, dataDir: number): Promise<number> {
  // Lets a last write's error arrive: it is emitted on a later tick.
  if (!stream.destroyed) await new Promise<void>((resolve) => stream.write('', () => { resolve(); }));
  const lost = losses.get(stream);
  if (lost === undefined || code >= 128) return code;
  const why = lost.code === 'ENOSPC' || lost.code === 'EDQUOT' ? 'no space is left there' : (lost.code ?? lost.message);
  process.stderr.write(
    `titledesk: the output could not be written to ${outputTarget(stream)} (${why}), so it is incomplete. ` +
      `The command went on to its end${code === 0 ? '' : ` (its own exit code: ${String(code)})`}, and what it did is in the journal: titledesk history shows it.\n`,
  );
  return dataDir;
}

/**
 * stderr is the log (progress, notices, the browser host's lines): a write to it that fails
 * (EPIPE, or ENOSPC when it goes to a file on a full disk) is dropped and never ends the process,
 * since a host that stops over its log stops following purchases it has sent.
 */
export function keepGoingWhenLogWritesFail(stream: NodeJS.WriteStream): void {
  if (watched.has(stream)) return;
  watched.add(stream);
  stream.on('error', () => undefined);
}
