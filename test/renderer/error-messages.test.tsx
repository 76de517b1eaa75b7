import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../renderer/api/app-error.ts';
import { ErrorNotice } from '../../renderer/components/common/ErrorNotice.tsx';
import { errorMessages, humanErrorMessage } from '../../shared/error-messages.ts';
import { errorCodes } from '../../shared/errors.ts';

afterEach(cleanup);

describe('human error messages', () => {
  it('has a distinct, sentence-length message for every error code of the contract', () => {
    expect(Object.keys(errorMessages).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      expect(errorMessages[code]).toMatch(/^[A-Z].{10,}\.$/);
      // Written for people: no snake_case codes leaking into the sentence.
      expect(errorMessages[code]).not.toMatch(/[a-z]_[a-z]/);
    }
    expect(new Set(Object.values(errorMessages)).size).toBe(errorCodes.length);
  });

  it('tells the user what to do about a rejected refresh token', () => {
    expect(humanErrorMessage({ code: 'invalid_grant' })).toBe('Your refresh token was rejected. Paste a new one from My Tokens.');
  });

  it.each(errorCodes)('shows the message for %s where the error happens, with the detail core gave', (code) => {
    render(<ErrorNotice error={new AppError({ code, message: `Detail for ${code}` })} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveProperty('textContent', `${errorMessages[code]}Detail for ${code}`);
    expect(alert.getAttribute('data-error-code')).toBe(code);
  });

  it('does not repeat a detail that says the same as the message', () => {
    render(<ErrorNotice error={new AppError({ code: 'network', message: errorMessages.network })} />);
    expect(screen.getByRole('alert').textContent).toBe(errorMessages.network);
  });

  it('gives an unexpected renderer failure the internal message instead of a raw exception', () => {
    render(<ErrorNotice error={new TypeError('x is undefined')} />);
    expect(screen.getByRole('alert').textContent).toBe(`${errorMessages.internal}x is undefined`);
  });
});
