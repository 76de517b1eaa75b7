import { redactSecrets } from '../../core/redaction.ts';

/**
 * Secrets never reach the log file: every message is passed through core's one redactor before
 * electron-log writes it, with the secrets found in the environment on top of the live ones
 * (core/live-secrets.ts). Pure, so it is unit tested.
 */

/** Secret values in the environment that the app may use (docs: README, "Configuring the real service"). */
export const secretEnvironmentVariables = ['WF_REFRESH_TOKEN', 'WF_CLIENT_SECRET', 'LOQATE_KEY'] as const;

export function createRedactor(knownSecrets: readonly string[]): (text: string) => string {
  const values = [...knownSecrets];
  return (text) => redactSecrets(text, values);
}

/** electron-log's message data, each item made a redacted string (objects and errors included). */
export function redactLogData(data: readonly unknown[], redact: (text: string) => string): string[] {
  return data.map((item) => redact(describe(item)));
}

function describe(item: unknown): string {
  if (typeof item === 'string') return item;
  if (item instanceof Error) return item.stack ?? `${item.name}: ${item.message}`;
  if (item === undefined || typeof item === 'number' || typeof item === 'boolean' || typeof item === 'bigint' || typeof item === 'symbol') return String(item);
  try {
    // JSON.stringify gives undefined for a function, despite its declared type.
    const json = JSON.stringify(item) as string | undefined;
    return json ?? Object.prototype.toString.call(item);
  } catch {
    return Object.prototype.toString.call(item);
  }
}
