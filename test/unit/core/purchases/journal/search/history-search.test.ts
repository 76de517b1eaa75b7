import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildHistorySelect } from '../../../../../../electron/core/purchases/journal/search/history-query.ts';
import { trigramQuery, variablesContaining } from '../../../../../../electron/core/purchases/journal/search/history-search.ts';
import { PurchaseJournal } from '../../../../../../electron/core/purchases/journal/journal.ts';
import type { HistoryQuery, PurchaseRecord } from '../../../../../../shared/purchase/purchase.ts';
import { filledJournal as filled } from '../../../../support/filled-journal.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const titles = ['DN123456', 'TGL312172', 'MM786', 'WM990994', '12345', 'Z1Z', 'dn99_1%'];

function filledJournal(count: number): { dataDir: string; records: PurchaseRecord[] } {
  return filled(dirs, count, titles);
}

/** The old search, as LIKE '%text%' did it: ASCII letters fold case, everything else (%, _, non-ASCII) is literal. */
function likeMatches(records: readonly PurchaseRecord[], text: string): string[] {
  const fold = (value: string): string => value.replace(/[A-Z]/g, (char) => char.toLowerCase());
  const needle = fold(text);
  const contains = (value: string | undefined): boolean => value !== undefined && fold(value).includes(needle);
  return records
    .filter((record) => record.id === text || contains(record.titleNumber) || contains(record.purchaseId) || record.variables.some(contains))
    .map((record) => record.id)
    .sort();
}

function searchIds(dataDir: string, text: string): string[] {
  const journal = new PurchaseJournal(dataDir);
  try {
    return journal.search({ text, limit: 100_000 }).map((record) => record.id).sort();
  } finally {
    journal.close();
  }
}

function queriesFor(records: readonly PurchaseRecord[]): string[] {
  const sample = records.slice(0, 12);
  return [
    ...sample.map((record) => record.purchaseId ?? ''),
    ...sample.map((record) => (record.purchaseId ?? '').slice(9, 17).toUpperCase()),
    ...sample.map((record) => record.id),
    ...titles,
    'dn1', 'GL31', '786', '99_', '_1%', '%', '_', 'd', '12', 'zz', '"', 'a"b', 'NEAR', 'OR', '*',
    ...sample.map((record) => { const iri = record.variables[0] ?? ''; return iri.slice(iri.lastIndexOf('/') + 1); }),
    ...sample.map((record) => (record.variables[0] ?? '').slice(7, 40)),
    'Bathroom', 'bathroom count', '1⋯5', '⋯', 'Rooms/Bath', 'no such text anywhere',
    // Longer than three trigrams: the index is asked for three of them (trigramQuery).
    'Count "quoted" rooms', 'TGL3121', 'gl312172', '⋯5⋯5⋯5', 'Bath Bath Bath',
  ].filter((text) => text.trim() === text && text !== '');
}

// Filling a journal commits each intent durably (fsync): slow on a busy machine, whatever the search does.
describe('free-text history search', { timeout: 60_000 }, () => {
  it('finds exactly what the LIKE scan found, for titles, purchase ids, local ids and variables, short and odd texts included', () => {
    const { dataDir, records } = filledJournal(150);
    for (const text of queriesFor(records)) expect(searchIds(dataDir, text), text).toEqual(likeMatches(records, text));
  });

  it('applies the other filters to every kind of match, and pages through them newest first', () => {
    const { dataDir, records } = filledJournal(150);
    const journal = new PurchaseJournal(dataDir);
    try {
      const newestFirst = (list: readonly PurchaseRecord[]): string[] => [...list].sort((a, b) => b.createdAt - a.createdAt).map((record) => record.id);
      for (const text of ['Bathroom', 'dn1', 'e', 'Count']) {
        const matching = new Set(likeMatches(records, text));
        const available = records.filter((record) => matching.has(record.id) && record.state === 'available');
        const expected = newestFirst(available);
        expect(journal.search({ text, status: 'available', limit: 100_000 }).map((record) => record.id), text).toEqual(expected);
        const pages = [0, 1, 2].flatMap((page) => journal.search({ text, status: 'available', limit: 7, offset: page * 7 }).map((record) => record.id));
        expect(pages, text).toEqual(expected.slice(0, 21));
      }
    } finally {
      journal.close();
    }
  });

  it('asks the trigram index for the whole of a short text, and for the first, middle and last trigrams of a longer one', () => {
    expect(trigramQuery('abc')).toBe('"abc"');
    expect(trigramQuery('abcde')).toBe('"abcde"');
    expect(trigramQuery('abcdef')).toBe('"abc" AND "bcd" AND "def"');
    expect(trigramQuery('4af52448-b161-4290-a9c0-4f65bd693621')).toBe('"4af" AND "90-" AND "621"');
    // Quotes stay literal; characters are counted as the tokenizer counts them, by code point.
    expect(trigramQuery('say "hi" there')).toBe('"say" AND "hi""" AND "ere"');
    expect(trigramQuery('𝔸𝔹ℂ𝔻')).toBe('"𝔸𝔹ℂ𝔻"');
    expect(trigramQuery('𝔸𝔹ℂ𝔻𝔼𝔽')).toBe('"𝔸𝔹ℂ" AND "𝔹ℂ𝔻" AND "𝔻𝔼𝔽"');
  });

  it('serves a text of three characters or more from the trigram indexes, and pages in their order from an index, not a scan or a sort', () => {
    const { dataDir } = filledJournal(5);
    const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    try {
      const plan = (query: HistoryQuery): string => {
        // The variables a text contains are looked up first (variablesContaining), then each is an arm of the query.
        const variables = db.prepare('SELECT variable FROM purchase_search_variables LIMIT 2').all().map((row) => z.object({ variable: z.string() }).parse(row).variable);
        const { sql, parameters } = buildHistorySelect(query, () => variables);
        const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters);
        return z.array(z.object({ detail: z.string() })).parse(rows).map((row) => row.detail).join('\n');
      };
      const lookup = variablesContaining('Bathroom');
      const lookupPlan = z.array(z.object({ detail: z.string() })).parse(db.prepare(`EXPLAIN QUERY PLAN ${lookup.sql}`).all(...lookup.parameters));
      expect(lookupPlan.map((row) => row.detail).join('\n')).toMatch(/purchase_variable_search VIRTUAL TABLE INDEX/);
      expect(plan({ text: 'DN123' })).toMatch(/purchase_search VIRTUAL TABLE INDEX/);
      // The backlog's purchases are looked up by rowid, not found by a scan.
      expect(plan({ text: 'DN123' })).toMatch(/SCAN purchase_search_backlog/);
      expect(plan({ text: 'DN123' })).not.toMatch(/SCAN purchases\b/);
      expect(plan({ text: 'Bathroom' })).toMatch(/SEARCH purchase_variable_times USING PRIMARY KEY \(variable=\?\)/);
      expect(plan({ text: 'Bathroom' })).not.toMatch(/SCAN purchases\b/);
      // Pages without text come from an index in their order: no sort of the matching rows.
      for (const query of [{}, { titleNumber: 'DN123456' }, { status: 'available' as const }]) {
        expect(plan(query)).not.toMatch(/TEMP B-TREE/);
        expect(plan(query)).not.toMatch(/SCAN purchases\b(?! USING)/);
      }
    } finally {
      db.close();
    }
  });

  it('brings a journal of the previous version up to date: variable name index, and indexes that give the order', () => {
    const { dataDir, records } = filledJournal(60);
    const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    // As the previous version left it: descending indexes, no variable name index.
    db.exec(`DROP TABLE purchase_variable_search; DROP TABLE purchase_variable_times; DROP INDEX purchases_by_created; DROP INDEX purchases_by_title; DROP INDEX purchases_by_state;
      CREATE INDEX purchases_created ON purchases (created_at DESC); CREATE INDEX purchases_title ON purchases (title_number, created_at DESC);
      CREATE INDEX purchases_state ON purchases (state, created_at DESC);`);
    // Journals from before the numbered migrations all said schema 1.
    db.exec('PRAGMA user_version = 1');
    db.close();
    const names = (): string[] => {
      const reader = new DatabaseSync(join(dataDir, 'purchases.sqlite'), { readOnly: true });
      try {
        return reader.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'table') ORDER BY name").all().map((row) => z.object({ name: z.string() }).parse(row).name);
      } finally {
        reader.close();
      }
    };
    const first = records[0];
    if (first === undefined) throw new Error('no records');
    const name = (first.variables[0] ?? '').slice((first.variables[0] ?? '').lastIndexOf('/') + 1);
    for (const text of [name, 'Count', first.titleNumber ?? '']) expect(searchIds(dataDir, text), text).toEqual(likeMatches(records, text));
    expect(names()).toEqual(expect.arrayContaining(['purchase_variable_search', 'purchase_variable_times', 'purchases_by_created', 'purchases_by_title', 'purchases_by_state']));
    expect(names().filter((index) => ['purchases_created', 'purchases_title', 'purchases_state'].includes(index))).toEqual([]);
  });

  it('builds the index for a journal written before it existed, and keeps it in step from then on', () => {
    const { dataDir, records } = filledJournal(60);
    const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    db.exec(`DROP TABLE purchase_search; DROP TABLE purchase_search_variables; DROP TRIGGER IF EXISTS purchase_search_insert;
      DROP TRIGGER IF EXISTS purchase_search_update; DROP TRIGGER IF EXISTS purchase_search_delete; DROP TRIGGER IF EXISTS purchase_search_variable;`);
    // Journals from before the numbered migrations all said schema 1.
    db.exec('PRAGMA user_version = 1');
    db.close();
    const first = records[0];
    if (first === undefined) throw new Error('no records');
    for (const text of [first.purchaseId ?? '', first.titleNumber ?? '', 'Bathroom']) expect(searchIds(dataDir, text), text).toEqual(likeMatches(records, text));

    const journal = new PurchaseJournal(dataDir);
    const renamed: PurchaseRecord = { ...first, purchaseId: 'zzz-renamed-purchase', variables: [...first.variables, 'http://x/vars/P/S#Scheme/Tax/Class/Brand New Variable'] };
    journal.update(renamed, 'normal', { replaceVariables: true });
    journal.close();
    expect(searchIds(dataDir, 'renamed-purch')).toEqual([first.id]);
    expect(searchIds(dataDir, 'brand new var')).toEqual([first.id]);
    expect(searchIds(dataDir, first.purchaseId ?? '')).toEqual([]);
  });

  it('finds a purchase noted in the backlog before the index takes it in, and only by what it now says after', () => {
    const { dataDir, records } = filledJournal(20);
    const first = records[0];
    if (first === undefined) throw new Error('no records');
    const count = (table: string): number => {
      const reader = new DatabaseSync(join(dataDir, 'purchases.sqlite'), { readOnly: true });
      try {
        return z.object({ n: z.number() }).parse(reader.prepare(`SELECT count(*) AS n FROM ${table}`).get()).n;
      } finally {
        reader.close();
      }
    };
    // Closing the journal took the backlog in.
    expect(count('purchase_search_backlog')).toBe(0);
    expect(count('purchase_search')).toBe(20);
    const journal = new PurchaseJournal(dataDir);
    try {
      journal.update({ ...first, purchaseId: 'qqq-backlog-purchase' }, 'normal');
      expect(count('purchase_search_backlog')).toBe(1);
      expect(journal.search({ text: 'backlog-purch' }).map((record) => record.id)).toEqual([first.id]);
      expect(journal.search({ text: first.purchaseId ?? '' })).toEqual([]);
    } finally {
      journal.close();
    }
    expect(count('purchase_search_backlog')).toBe(0);
    expect(count('purchase_search')).toBe(20);
    expect(searchIds(dataDir, 'backlog-purch')).toEqual([first.id]);
    expect(searchIds(dataDir, first.purchaseId ?? '')).toEqual([]);
  });

  it('gives a journal whose title index was kept by triggers the backlog, without indexing a purchase twice', () => {
    const { dataDir, records } = filledJournal(30);
    const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    // As the previous version left it: the index written by its own triggers, no backlog.
    db.exec(`DROP TABLE purchase_search_backlog; DROP TRIGGER purchase_search_insert; DROP TRIGGER purchase_search_update;
      CREATE TRIGGER purchase_search_insert AFTER INSERT ON purchases BEGIN
        INSERT INTO purchase_search (rowid, title_number, purchase_id) VALUES (new.rowid, new.title_number, new.purchase_id);
      END;`);
    // Journals from before the numbered migrations all said schema 1.
    db.exec('PRAGMA user_version = 1');
    db.close();
    const first = records[0];
    if (first === undefined) throw new Error('no records');
    const journal = new PurchaseJournal(dataDir);
    const extra = { ...first, id: randomUUID(), purchaseId: 'zzz-after-upgrade' };
    journal.insert(extra);
    journal.close();
    const reader = new DatabaseSync(join(dataDir, 'purchases.sqlite'), { readOnly: true });
    try {
      expect(reader.prepare('SELECT count(*) AS n FROM purchase_search').get()).toEqual({ n: 31 });
      expect(reader.prepare("SELECT sql FROM sqlite_master WHERE name = 'purchase_search_insert'").get()?.['sql']).toMatch(/purchase_search_backlog/);
    } finally {
      reader.close();
    }
    expect(searchIds(dataDir, 'after-upgr')).toEqual([extra.id]);
    for (const text of [records[1]?.purchaseId ?? '', 'DN123']) expect(searchIds(dataDir, text), text).toEqual(likeMatches([...records, extra], text));
  });
});
