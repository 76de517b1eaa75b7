import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../renderer/api/app-error.ts';
import { ErrorNotice } from '../../renderer/components/common/ErrorNotice.tsx';
import { errorWords, humanErrorMessage } from '../../shared/errors/error-messages.ts';
import { errorCodes } from '../../shared/errors/errors.ts';

afterEach(cleanup);

describe('human error messages', () => {
  it('has a distinct headline and an action for every error code of the contract', () => {
    expect(Object.keys(errorWords).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      const { headline, action } = errorWords[code];
      for (const sentence of [headline, action]) {
        expect(sentence).toMatch(/^[A-Z].{10,}[.)]$/);
        // Written for people: no snake_case codes leaking into the sentence.
        expect(sentence).not.toMatch(/[a-z]_[a-z]/);
      }
    }
    expect(new Set(Object.values(errorWords).map((words) => words.headline)).size).toBe(errorCodes.length);
  });

  it('tells the user what to do about a rejected refresh token', () => {
    expect(humanErrorMessage({ code: 'invalid_grant' })).toBe('Your refresh token was rejected. Paste a new one from My Tokens under Settings → Credentials.');
  });

  it('says what happened without contradicting the detail, and where to fix it', () => {
    // The three contradictions users met: set-up missing shown as invalid input, a token endpoint
    // that answered 500 shown as unreachable, a page without its launch key shown as a service refusal.
    expect(errorWords.credentials_missing.headline).toContain('address provider');
    expect(errorWords.credentials_missing.action).toContain('Settings → Credentials');
    expect(errorWords.auth_unavailable.headline).not.toMatch(/could not reach/i);
    expect(errorWords.launch_key.headline).toContain('launch key');
    expect(errorWords.launch_key.headline).not.toMatch(/credentials|service refused/i);
  });

  it.each(errorCodes)('shows the headline for %s where the error happens, with the detail core gave and the action', (code) => {
    render(<ErrorNotice error={new AppError({ code, message: `Detail for ${code}` })} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveProperty('textContent', `${errorWords[code].headline}Detail for ${code}${errorWords[code].action}`);
    expect(alert.getAttribute('data-error-code')).toBe(code);
  });

  it('does not repeat a detail that says the same as the headline', () => {
    render(<ErrorNotice error={new AppError({ code: 'network', message: errorWords.network.headline })} />);
    expect(screen.getByRole('alert').textContent).toBe(`${errorWords.network.headline}${errorWords.network.action}`);
  });

  it('gives an unexpected renderer failure the internal headline instead of a raw exception', () => {
    render(<ErrorNotice error={new TypeError('x is undefined')} />);
    expect(screen.getByRole('alert').textContent).toBe(`${errorWords.internal.headline}x is undefined${errorWords.internal.action}`);
  });
});
