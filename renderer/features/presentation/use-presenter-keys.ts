import { useState, type KeyboardEvent, type RefObject } from 'react';
import type { useScriptedDemo } from './scripted-demo.ts';

const nextKeys = new Set(['ArrowRight', 'ArrowDown', 'PageDown', 'n', 'N', ' ']);
const previousKeys = new Set(['ArrowLeft', 'ArrowUp', 'PageUp', 'p', 'P']);

export interface PresenterKeysInput {
  readonly demo: ReturnType<typeof useScriptedDemo>;
  /** Whether the demo may run (the Sandbox is the selected environment). */
  readonly enabled: boolean;
  readonly onExit: () => void;
  /** Where the diagram's arrows are drawn, to know how many steps there are to walk through. */
  readonly container: RefObject<HTMLElement | null>;
}

/**
 * A presenter's keys (and a clicker's, which sends PageUp/PageDown): S (or Enter, away from a
 * button) starts, → / N / Space moves the script on wherever focus is or, on the diagram, to the next arrow's caption, ← goes back, Esc exits.
 * `focused` is the arrow talked about; undefined follows the latest as it happens.
 */
export function usePresenterKeys({ demo, enabled, onExit, container }: PresenterKeysInput) {
  const [focused, setFocused] = useState<number | undefined>();

  function start(): void {
    setFocused(undefined);
    demo.start();
  }

  function step(delta: 1 | -1): void {
    if (demo.stage.step !== 'diagram') {
      if (delta === 1 && enabled) demo.next();
      return;
    }
    const count = container.current?.querySelectorAll('.seq-message').length ?? 0;
    const target = Math.max(0, (focused ?? count - 1) + delta);
    setFocused(target >= count - 1 ? undefined : target);
  }

  function onKeyDown(event: KeyboardEvent): void {
    // Enter is the one key a focused button keeps (it acts on it itself, so it must not act twice).
    // Space is "next" wherever focus is: a clicker or a presenter's thumb must never restart the
    // demo because "Start again" happened to have focus; its default (pressing that button) is
    // prevented here.
    const onButton = event.target instanceof HTMLButtonElement;
    let action: (() => void) | undefined;
    if (event.key === 'Escape') action = onExit;
    else if (enabled && (event.key === 's' || event.key === 'S' || (event.key === 'Enter' && !onButton))) action = start;
    else if (nextKeys.has(event.key)) action = () => { step(1); };
    else if (previousKeys.has(event.key)) action = () => { step(-1); };
    if (action === undefined) return;
    event.preventDefault();
    action();
  }

  /** A button presses itself when Space comes up: the keydown above was "next", so nothing more. */
  function onKeyUp(event: KeyboardEvent): void {
    if (event.key === ' ') event.preventDefault();
  }

  return { focused, start, step, onKeyDown, onKeyUp };
}
