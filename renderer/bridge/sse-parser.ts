/** One message of a text/event-stream. */
export interface SseMessage {
  readonly event: string;
  readonly data: string;
}

/**
 * Incremental parser for server-sent events (the subset of the WHATWG rules the host uses:
 * event and data fields, comments, LF or CRLF line ends). EventSource cannot send the launch-key
 * header, so the stream is read with fetch and fed through this in arbitrary chunks.
 */
export class SseParser {
  #buffer = '';
  #event = '';
  #data: string[] = [];

  /** Feeds decoded text; returns every message completed by it. */
  push(text: string): SseMessage[] {
    this.#buffer += text;
    const messages: SseMessage[] = [];
    for (;;) {
      const end = this.#buffer.search(/\r\n|\n|\r/);
      if (end === -1) break;
      const line = this.#buffer.slice(0, end);
      const breakLength = this.#buffer.startsWith('\r\n', end) ? 2 : 1;
      // A lone CR at the very end may be the first half of CRLF: wait for the next chunk.
      if (this.#buffer[end] === '\r' && breakLength === 1 && end === this.#buffer.length - 1) break;
      this.#buffer = this.#buffer.slice(end + breakLength);
      const message = this.#line(line);
      if (message !== undefined) messages.push(message);
    }
    return messages;
  }

  #line(line: string): SseMessage | undefined {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    return undefined;
  }

  #dispatch(): SseMessage | undefined {
    const message = this.#data.length === 0 ? undefined : { event: this.#event === '' ? 'message' : this.#event, data: this.#data.join('\n') };
    this.#event = '';
    this.#data = [];
    return message;
  }
}
