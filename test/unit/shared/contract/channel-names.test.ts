import { describe, expect, it } from 'vitest';
import { eventChannelList, isEventChannelName, requestChannelList } from '../../../../shared/contract/channel-names.ts';
import { eventChannelNames, requestChannelNames } from '../../../../shared/contract/channels.ts';

describe('the preload channel lists', () => {
  it('name exactly the contract request channels, once each', () => {
    expect(new Set(requestChannelList).size).toBe(requestChannelList.length);
    expect([...requestChannelList].sort()).toEqual([...requestChannelNames].sort());
  });

  it('name exactly the contract event channels, once each', () => {
    expect(new Set(eventChannelList).size).toBe(eventChannelList.length);
    expect([...eventChannelList].sort()).toEqual([...eventChannelNames].sort());
  });

  it('follow the domain:verb naming', () => {
    for (const name of [...requestChannelList, ...eventChannelList]) expect(name).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
  });

  it('recognise only event channels as events', () => {
    expect(isEventChannelName('purchase:updated')).toBe(true);
    expect(isEventChannelName('auth:changed')).toBe(true);
    expect(isEventChannelName('purchase:create')).toBe(false);
    expect(isEventChannelName('__proto__')).toBe(false);
    expect(isEventChannelName('constructor')).toBe(false);
    expect(isEventChannelName(undefined)).toBe(false);
    expect(isEventChannelName({ toString: () => 'auth:changed' })).toBe(false);
  });
});
