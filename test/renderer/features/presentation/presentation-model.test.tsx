import { describe, expect, it } from 'vitest';
import { chooseDemoVariables } from '../../../../renderer/features/presentation/scripted-demo.ts';
import { countdownOf, diagramMessages } from '../../../../renderer/features/presentation/sequence-model.ts';
import { catalog, purchase } from '../support/feature-api.ts';

const t0 = Date.UTC(2025, 0, 6, 9, 0, 0);

describe('the sequence diagram of a purchase', () => {
  it('draws a request and its answer per exchange, with the waits the service advised', () => {
    const record = purchase({
      variables: ['a', 'b', 'c'],
      state: 'available',
      timeline: [
        { method: 'POST', path: '/world/GB-eaw/titles/WYK638009/catalog', status: 303, advisedWaitSeconds: 2, at: t0, receivedAt: t0 + 50 },
        { method: 'GET', path: '/purchases/p', status: 202, advisedWaitSeconds: 1, at: t0 + 2050, receivedAt: t0 + 2060 },
        { method: 'GET', path: '/purchases/p', status: 200, at: t0 + 3060, receivedAt: t0 + 3070 },
      ],
    });
    // Plain words for the room; the protocol's names apart, shown small.
    expect(diagramMessages(record).map((message) => `${message.direction}: ${message.label} [${message.technical}]`)).toEqual([
      'request: Please sell us 3 facts [POST purchase]',
      'answer: Order taken: come back in 2 seconds [303 See Other]',
      'request: Is it ready yet? [GET result]',
      'answer: Not ready yet: come back in 1 second [202 Accepted]',
      'request: Is it ready yet? [GET result]',
      'answer: Ready: here are the facts [200 OK]',
    ]);
    for (const message of diagramMessages(record)) expect(message.label).not.toMatch(/\b(POST|GET|[1-5]\d\d)\b/);
    expect(diagramMessages(record)[1]?.caption).toBe('The service needs a moment; TitleDesk waits exactly as long as it was told (2 seconds), no more.');
  });

  it('says when no answer came and when the service refused', () => {
    const record = purchase({
      state: 'failed',
      timeline: [
        { method: 'POST', path: '/x', status: 'no-response', at: t0, receivedAt: t0 + 10 },
        { method: 'POST', path: '/x', status: 422, at: t0 + 20, receivedAt: t0 + 30 },
      ],
    });
    expect(diagramMessages(record).filter((message) => message.direction === 'answer').map((message) => [message.label, message.technical])).toEqual([
      ['No answer came back', 'no response'],
      ['The service said no', '422'],
    ]);
  });

  it('counts down from the last answer to the next GET the service allows, only while pending', () => {
    const pending = purchase({
      state: 'pending',
      nextCheckAt: t0 + 3000,
      timeline: [{ method: 'POST', path: '/x', status: 303, advisedWaitSeconds: 3, at: t0 - 100, receivedAt: t0 }],
    });
    expect(countdownOf(pending, t0 + 1000)).toEqual({ left: 2, total: 3 });
    expect(countdownOf(pending, t0 + 5000)).toEqual({ left: 0, total: 3 });
    expect(countdownOf({ ...pending, state: 'available' }, t0 + 1000)).toBeUndefined();
  });
});

describe('the scripted demo', () => {
  it('chooses what a lay audience understands, under plain names, the same each time', () => {
    const chosen = chooseDemoVariables(catalog);
    expect(chosen.map((variable) => [variable.plainName, variable.name])).toEqual([
      ['Bedrooms', 'Bedroom Count (1⋯6+)'],
      ['Estimated value', 'Estimated Sale Value (£)'],
      ['Flood risk', 'River and Sea Flood Risk Band'],
      // This catalog has no energy rating: the fourth comes from another part of the catalog.
      ['Bathroom Count (1⋯5+)', 'Bathroom Count (1⋯5+)'],
    ]);
    expect(new Set(chosen.map((variable) => variable.iri)).size).toBe(4);
    expect(chooseDemoVariables(catalog).map((variable) => variable.iri)).toEqual(chosen.map((variable) => variable.iri));
  });

  it('takes what there is when the catalog offers fewer than four', () => {
    const small = { ...catalog, groups: catalog.groups.slice(0, 1).map((group) => ({ ...group, schemes: group.schemes.slice(0, 1) })) };
    const offered = small.groups[0]?.schemes[0]?.variables.length ?? 0;
    expect(chooseDemoVariables(small)).toHaveLength(Math.min(4, offered));
  });
});
