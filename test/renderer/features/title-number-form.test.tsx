import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TitleNumberForm } from '../../../renderer/features/address-search/TitleNumberForm.tsx';

afterEach(cleanup);

function setup(): { input: HTMLElement; opened: string[] } {
  const opened: string[] = [];
  render(<TitleNumberForm onOpenTitle={(title) => opened.push(title)} />);
  return { input: screen.getByLabelText('Title number'), opened };
}

const submit = (): void => {
  fireEvent.click(screen.getByRole('button', { name: 'Open title' }));
};

describe('the title number form', () => {
  it('hints at a digits-only title while typing, and opens it all the same', () => {
    const { input, opened } = setup();
    fireEvent.change(input, { target: { value: ' 284789 ' } });
    const hint = screen.getByText(/284789 has no county prefix/);
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    submit();
    expect(opened).toEqual(['284789']);
    expect(screen.queryByText(/no county prefix/)).toBeNull();
  });

  it('hints at an unusual series (z1z) and opens it upper-cased', () => {
    const { input, opened } = setup();
    fireEvent.change(input, { target: { value: 'z1z' } });
    expect(screen.getByText(/Z1Z is an unusual shape/)).toBeDefined();
    submit();
    expect(opened).toEqual(['Z1Z']);
  });

  it('shows no hint for the usual shape and removes the space after the prefix', () => {
    const { input, opened } = setup();
    fireEvent.change(input, { target: { value: 'dn 123456' } });
    expect(screen.queryByText(/unusual|no county prefix/)).toBeNull();
    submit();
    expect(opened).toEqual(['DN123456']);
  });

  it('refuses only what cannot be a title number, in place', () => {
    const { input, opened } = setup();
    fireEvent.change(input, { target: { value: 'DN-12' } });
    submit();
    expect(screen.getByText(/1 to 12 letters and digits/)).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(opened).toEqual([]);
  });
});
