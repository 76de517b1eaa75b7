import { z } from 'zod';
import { redactSecrets } from '../../redaction.ts';

/**
 * The seed does not define an error body, so the reason shown for a refused request is taken
 * from the common shapes (problem+json detail/title, message, error_description) or plain
 * text, cleaned and shortened: it is shown to people and stored in the journal. Secrets are
 * taken out before the text is cut, so a cut never leaves the start of one behind.
 */
const reasonBodySchema = z.looseObject({
  detail: z.string().optional(),
  message: z.string().optional(),
  error_description: z.string().optional(),
  title: z.string().optional(),
});

const maxReasonLength = 300;

function clean(text: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const single = redactSecrets(text.replace(/[\u0000-\u001f\u007f]+/g, ' ')).replace(/\s+/g, ' ').trim();
  if (single.length === 0) return undefined;
  return single.length > maxReasonLength ? `${single.slice(0, maxReasonLength - 1)}…` : single;
}

export function reasonFromBody(body: string, contentType: string | null): string | undefined {
  if (body.trim().length === 0) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return contentType?.toLowerCase().startsWith('text/plain') === true ? clean(body) : undefined;
  }
  const parsed = reasonBodySchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { detail, message, error_description: description, title } = parsed.data;
  const reason = detail ?? message ?? description ?? title;
  return reason === undefined ? undefined : clean(reason);
}

/** "<what> (HTTP 422): <reason>" or without the reason when the body gives none. */
export function describeStatus(what: string, status: number, body: string, contentType: string | null): string {
  const reason = reasonFromBody(body, contentType);
  return reason === undefined ? `${what} (HTTP ${status}).` : `${what} (HTTP ${status}): ${reason}`;
}
