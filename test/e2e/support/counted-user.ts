import type { Locator, Page } from '@playwright/test';

/** What a task cost the user: each click, each key (a chord such as Ctrl+V is one) and each scroll. */
export interface InteractionCount {
  clicks: number;
  keys: number;
  scrolls: number;
}

/**
 * Whether a user could click the target where it is now: its middle is inside the window and is
 * the target itself (or inside it) when hit, not a pinned bar or another layer over it.
 */
function reachable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (box.width === 0 || x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (element === hit || element.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === element));
  });
}

/**
 * Drives the page as a user does and counts what it takes. A target that is off screen or under
 * something costs a scroll before its click: Playwright would scroll to it silently, hiding the cost.
 */
export class CountedUser {
  readonly count: InteractionCount = { clicks: 0, keys: 0, scrolls: 0 };
  /** What each scroll was for, for a failure's message. */
  readonly scrolledTo: string[] = [];

  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async click(target: Locator): Promise<void> {
    await target.waitFor({ state: 'visible' });
    if (!(await reachable(target))) {
      this.count.scrolls += 1;
      this.scrolledTo.push(target.toString());
      // One wheel gesture, which brings the target to the middle of the window.
      await target.evaluate((element) => { element.scrollIntoView({ block: 'center', behavior: 'instant' }); });
    }
    await target.click();
    this.count.clicks += 1;
  }

  /** A file dragged from the desktop and let go over the target: one gesture, counted as a click. */
  async dropFile(target: Locator, name: string, text: string): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle(([fileName, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName, { type: 'text/csv' }));
      return transfer;
    }, [name, text] as const);
    await target.dispatchEvent('drop', { dataTransfer });
    this.count.clicks += 1;
  }

  /** One key or chord ("Control+V", "Enter", "Tab"). */
  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
    this.count.keys += 1;
  }

  /** Typed text: a key per character. */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
    this.count.keys += text.length;
  }
}

/** Fails when the task cost more than `most` in any kind: fewer is an improvement, not a failure. */
export function atMost(count: InteractionCount, most: InteractionCount): { ok: boolean; message: string } {
  const over = (['clicks', 'keys', 'scrolls'] as const).filter((kind) => count[kind] > most[kind]);
  return { ok: over.length === 0, message: `took ${JSON.stringify(count)}, at most ${JSON.stringify(most)}` };
}
