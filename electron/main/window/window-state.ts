import { z } from 'zod';

/**
 * The window's size, position and maximised state, remembered across launches. What was saved
 * is parsed (the file is outside input) and fitted to the displays there are now: a monitor
 * unplugged since, or a resolution lowered, must never leave the window off screen. Pure.
 */
export const windowStateSchema = z.object({
  x: z.number().int().min(-100_000).max(100_000),
  y: z.number().int().min(-100_000).max(100_000),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Rectangle {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface WindowSizes {
  readonly width: number;
  readonly height: number;
  readonly minWidth: number;
  readonly minHeight: number;
}

/** Bounds without x/y let Electron centre the window. */
export interface RestoredWindow {
  readonly bounds: { x?: number; y?: number; width: number; height: number };
  readonly maximized: boolean;
}

/** A window counts as visible on a display when this much of it (a grip of its title bar) is on it. */
const minVisible = { width: 120, height: 40 };

/** `workAreas`: each display's work area (without taskbar or dock), the primary display first. */
export function restoreWindowState(saved: unknown, workAreas: readonly Rectangle[], sizes: WindowSizes): RestoredWindow {
  const parsed = windowStateSchema.safeParse(saved);
  const primary = workAreas[0];
  if (!parsed.success || primary === undefined) return { bounds: { width: sizes.width, height: sizes.height }, maximized: false };
  const state = parsed.data;
  const host = bestDisplay(state, workAreas);
  const area = host ?? primary;
  const width = clamp(state.width, Math.min(sizes.minWidth, area.width), area.width);
  const height = clamp(state.height, Math.min(sizes.minHeight, area.height), area.height);
  if (host === undefined) return { bounds: { width, height }, maximized: state.maximized };
  return {
    bounds: { x: clamp(state.x, area.x, area.x + area.width - width), y: clamp(state.y, area.y, area.y + area.height - height), width, height },
    maximized: state.maximized,
  };
}

/** The display showing the largest part of the window, if any shows enough of it. */
function bestDisplay(window: Rectangle, workAreas: readonly Rectangle[]): Rectangle | undefined {
  let best: Rectangle | undefined;
  let bestArea = 0;
  for (const area of workAreas) {
    const overlap = intersection(window, area);
    if (overlap.width >= Math.min(minVisible.width, window.width) && overlap.height >= Math.min(minVisible.height, window.height) && overlap.width * overlap.height > bestArea) {
      best = area;
      bestArea = overlap.width * overlap.height;
    }
  }
  return best;
}

function intersection(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}
