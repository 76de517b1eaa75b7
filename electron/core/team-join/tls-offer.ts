import { connect } from 'node:net';

/** PostgreSQL's SSLRequest: length 8, then the code 80877103 (1234 << 16 | 5679). */
const sslRequest = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

/**
 * Whether the server at host:port offers TLS: it answers an SSLRequest with "S", or "N" without
 * it. Undefined when it cannot be asked (not there, no answer in time). The PostgreSQL client
 * starts its TLS handshake even after an "N", which the server then resets, so only this question
 * tells a server without TLS from one that went away. Nothing but those 8 bytes is sent.
 */
export function serverOffersTls(host: string, port: number, timeoutMs = 5_000): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer: boolean | undefined): void => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => { done(undefined); });
    socket.once('error', () => { done(undefined); });
    socket.once('connect', () => { socket.write(sslRequest); });
    socket.once('data', (chunk: Buffer) => { done(chunk[0] === 0x53 ? true : chunk[0] === 0x4e ? false : undefined); });
    socket.once('close', () => { done(undefined); });
  });
}
