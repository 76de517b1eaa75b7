const watched = new WeakSet<NodeJS.WriteStream>();

/**
 * `titledesk history | head`: once the reader has gone, a write to the pipe fails with EPIPE,
 * which Node raises as an unhandled 'error' event (a stack trace, exit 1). The rule: a closed
 * output pipe ends the output, never the work; the command goes on without printing (a purchase
 * or a batch already under way is followed to its end and journaled) and exits with its own code.
 */
export function endOutputQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (watched.has(stream)) return;
  watched.add(stream);
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    // After EPIPE the stream is destroyed: later writes fail with ERR_STREAM_DESTROYED, as quietly.
    if (error.code === 'EPIPE' || (closed && error.code === 'ERR_STREAM_DESTROYED')) {
      closed = true;
      return;
    }
    throw error;
  });
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
