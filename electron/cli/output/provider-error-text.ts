import { errorWords } from '../../../shared/errors/error-messages.ts';
import type { ErrorCode } from '../../../shared/errors/errors.ts';
import type { ProviderErrorDetail } from '../../../shared/errors/provider-errors.ts';

function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * An address provider refusal as lines of text: TitleDesk's headline, the provider's own
 * Description and Cause with its error number, its Resolution, then what to do in TitleDesk.
 * The provider's words are shown, never replaced: they name the account setting to change.
 */
export function providerRefusalLines(code: ErrorCode, provider: ProviderErrorDetail): string[] {
  const words = errorWords[code];
  const said = [sentence(provider.description), sentence(provider.cause)].filter((part) => part !== '').join(' ');
  return [
    words.headline,
    `  The address provider said (error ${provider.error}): ${said === '' ? 'nothing more.' : said}`,
    ...(provider.resolution.trim() === '' ? [] : [`  Its advice: ${sentence(provider.resolution)}`]),
    `  ${words.action}`,
  ];
}
