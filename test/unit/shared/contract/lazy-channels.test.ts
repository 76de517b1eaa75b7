import { describe, expect, it } from 'vitest';
import { eventChannelNames, eventChannels, isRequestChannel, requestChannelNames, requestChannels } from '../../../../shared/contract/channels.ts';
import { lazyChannels } from '../../../../shared/contract/lazy-channels.ts';

describe('channel definitions built on first use', () => {
  it('builds a definition when it is first read, once, and reads like a plain object', () => {
    const built: string[] = [];
    const channels = lazyChannels({
      'a:get': () => { built.push('a'); return { value: 1 }; },
      'b:get': () => { built.push('b'); return { value: 2 }; },
    });
    expect(built).toEqual([]);
    expect(Object.keys(channels)).toEqual(['a:get', 'b:get']);
    expect(Object.hasOwn(channels, 'b:get')).toBe(true);
    expect(built).toEqual([]);
    expect(channels['a:get'].value).toBe(1);
    expect(channels['a:get']).toBe(channels['a:get']);
    expect(built).toEqual(['a']);
    expect(Object.values(channels).map((channel) => channel.value)).toEqual([1, 2]);
    expect(built).toEqual(['a', 'b']);
  });

  it('every request channel of the contract builds a request and a response schema', () => {
    expect(requestChannelNames.length).toBeGreaterThan(50);
    for (const name of requestChannelNames) {
      expect(isRequestChannel(name), name).toBe(true);
      const { request, response } = requestChannels[name];
      expect(typeof request.safeParse, name).toBe('function');
      expect(typeof response.safeParse, name).toBe('function');
    }
    expect(isRequestChannel('toString')).toBe(false);
    expect(isRequestChannel('__proto__')).toBe(false);
    for (const name of eventChannelNames) expect(typeof eventChannels[name].safeParse, name).toBe('function');
  });

  it('keeps each channel\'s own schemas: a payload valid on one channel is refused on another', () => {
    expect(requestChannels['environment:select'].request.safeParse({ id: 'sandbox' }).success).toBe(true);
    expect(requestChannels['purchase:get'].request.safeParse({ id: 'sandbox' }).success).toBe(false);
    expect(requestChannels['environment:select'].request.safeParse({ id: 'sandbox', extra: 1 }).success).toBe(false);
  });
});
