import { describe, expect, it } from 'vitest';
import { UnsavedAnswers } from '../../../../../electron/core/purchases/polling/unsaved-answers.ts';

describe('UnsavedAnswers', () => {
  it('says how many followed purchases have an answer the journal refused, and the latest reason', () => {
    const unsaved = new UnsavedAnswers();
    expect(unsaved.notice('/data/purchases.sqlite')).toBeUndefined();
    unsaved.refused('a', 'database is locked');
    unsaved.refused('b', 'database or disk is full');
    const notice = unsaved.notice('/data/purchases.sqlite');
    expect(notice?.kind).toBe('answers_not_saved');
    expect(notice?.message).toContain('about 2 purchases (database or disk is full)');
    expect(notice?.path).toBe('/data/purchases.sqlite');
  });

  it('drops a purchase once a later write of it is committed, and the notice with the last one', () => {
    const unsaved = new UnsavedAnswers();
    unsaved.refused('a', 'database or disk is full');
    unsaved.refused('b', 'database or disk is full');
    unsaved.saved('a');
    expect(unsaved.notice('/j')?.message).toContain('about 1 purchase (');
    unsaved.saved('unrelated');
    expect(unsaved.size).toBe(1);
    unsaved.saved('b');
    expect(unsaved.notice('/j')).toBeUndefined();
  });

  it('tells its listeners when the notice changes, not at each repeated refusal of the same purchase', () => {
    const unsaved = new UnsavedAnswers();
    let changes = 0;
    const stop = unsaved.onChange(() => { changes += 1; });
    unsaved.refused('a', 'database or disk is full');
    unsaved.refused('a', 'database or disk is full');
    expect(changes).toBe(1);
    unsaved.refused('a', 'disk I/O error');
    expect(changes).toBe(2);
    unsaved.saved('unrelated');
    expect(changes).toBe(2);
    unsaved.saved('a');
    expect(changes).toBe(3);
    stop();
    unsaved.refused('b', 'database is locked');
    expect(changes).toBe(3);
    expect(unsaved.notice('/j')?.message).toContain('(database is locked)');
  });

  it('keeps telling the other listeners when one throws', () => {
    const unsaved = new UnsavedAnswers();
    let heard = false;
    unsaved.onChange(() => { throw new Error('window closed'); });
    unsaved.onChange(() => { heard = true; });
    unsaved.refused('a', 'database or disk is full');
    expect(heard).toBe(true);
  });
});
