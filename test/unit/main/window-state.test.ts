import { describe, expect, it } from 'vitest';
import { restoreWindowState } from '../../../electron/main/window/window-state.ts';

const sizes = { width: 1280, height: 820, minWidth: 1024, minHeight: 700 };
const laptop = { x: 0, y: 25, width: 1440, height: 875 };
// A second monitor to the right of the laptop.
const monitor = { x: 1440, y: 0, width: 2560, height: 1400 };

describe('restoreWindowState', () => {
  it('keeps a saved window that is fully on a display', () => {
    expect(restoreWindowState({ x: 1600, y: 100, width: 1500, height: 900, maximized: false }, [laptop, monitor], sizes)).toEqual({
      bounds: { x: 1600, y: 100, width: 1500, height: 900 }, maximized: false,
    });
  });

  it('centres on the primary display a window whose monitor is gone', () => {
    expect(restoreWindowState({ x: 1600, y: 100, width: 1500, height: 900, maximized: true }, [laptop], sizes)).toEqual({
      bounds: { width: 1440, height: 875 }, maximized: true,
    });
  });

  it('pulls a window hanging off an edge back inside the display it is mostly on', () => {
    expect(restoreWindowState({ x: -300, y: 700, width: 1200, height: 800, maximized: false }, [laptop, monitor], sizes)).toEqual({
      bounds: { x: 0, y: 100, width: 1200, height: 800 }, maximized: false,
    });
  });

  it('shrinks a window larger than its display (a resolution lowered since)', () => {
    const restored = restoreWindowState({ x: 10, y: 30, width: 3000, height: 2000, maximized: false }, [laptop], sizes);
    expect(restored.bounds).toEqual({ x: 0, y: 25, width: 1440, height: 875 });
  });

  it('centres a window that only grazes a display (less than a title-bar grip visible)', () => {
    expect(restoreWindowState({ x: 1400, y: 860, width: 1200, height: 800, maximized: false }, [laptop], sizes).bounds).toEqual({ width: 1200, height: 800 });
  });

  it('falls back to the default size when nothing or something invalid was saved', () => {
    const defaults = { bounds: { width: 1280, height: 820 }, maximized: false };
    for (const saved of [undefined, null, {}, { x: 1, y: 2, width: -5, height: 10, maximized: false }, { x: 'a' }, { x: 0, y: 0, width: 1e9, height: 800, maximized: false }]) {
      expect(restoreWindowState(saved, [laptop], sizes)).toEqual(defaults);
    }
  });
});
