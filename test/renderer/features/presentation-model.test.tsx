import { describe, expect, it } from 'vitest';
import { chooseDemoVariables } from '../../../renderer/features/presentation/scripted-demo.ts';
import { countdownOf, diagramMessages } from '../../../renderer/features/presentation/sequence-model.ts';
import { catalog, purchase } from './support/feature-api.ts';

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
    expect(diagramMessages(record).map((message) => `${message.direction}: ${message.label}`)).toEqual([
      'request: POST: buy 3 values',
      'answer: 303 accepted: come back in 2 seconds',
      'request: GET: is it ready?',
      'answer: 202 not ready yet: come back in 1 second',
      'request: GET: is it ready?',
      'answer: 200 ready',
    ]);
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
    expect(diagramMessages(record).filter((message) => message.direction === 'answer').map((message) => message.label)).toEqual(['no answer', '422 refused']);
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
  it('chooses three variables from different parts of the catalog, the same each time', () => {
    const chosen = chooseDemoVariables(catalog).map((variable) => variable.iri);
    expect(chosen).toHaveLength(3);
    expect(new Set(chosen).size).toBe(3);
    expect(chooseDemoVariables(catalog).map((variable) => variable.iri)).toEqual(chosen);
    const schemesOfChosen = new Set(chooseDemoVariables(catalog).map((variable) => variable.schemePath.join('/')));
    expect(schemesOfChosen.size).toBe(3);
  });

  it('takes what there is when the catalog offers fewer than three', () => {
    const small = { ...catalog, groups: catalog.groups.slice(0, 1).map((group) => ({ ...group, schemes: group.schemes.slice(0, 1) })) };
    const offered = small.groups[0]?.schemes[0]?.variables.length ?? 0;
    expect(chooseDemoVariables(small)).toHaveLength(Math.min(3, offered));
  });
});
