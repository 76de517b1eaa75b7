import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../electron/cli/command-kit.ts';
import { parseResourceArgs } from '../../../../electron/cli/commands/resource-args.ts';

describe('what a command buys from', () => {
  it('takes a title, an address key (the dot itself or percent-encoded, any case) or a UPRN', () => {
    expect(parseResourceArgs({ title: ' dn 123456 ' })).toEqual({ kind: 'title', key: 'DN123456' });
    expect(parseResourceArgs({ address: '8e05p·0' })).toEqual({ kind: 'address', key: '8e05p·0' });
    expect(parseResourceArgs({ address: '8E05P%C2%B70' })).toEqual({ kind: 'address', key: '8e05p·0' });
    expect(parseResourceArgs({ uprn: '100023336956' })).toEqual({ kind: 'spatial', key: '100023336956' });
  });

  it('refuses a malformed key or UPRN, none or two of them, as usage errors saying what is wanted', () => {
    const refusal = (values: Record<string, string>): string => {
      try {
        parseResourceArgs(values);
      } catch (error) {
        if (error instanceof UsageError) return error.message;
        throw error;
      }
      throw new Error(`accepted ${JSON.stringify(values)}`);
    };
    for (const key of ['8e05p', '8e05p.0', '8e05p·', '%E0%A4%A', 'x·y·z']) expect(refusal({ address: key })).toContain('a property address key is the base36 UDPRN, a middle dot');
    for (const uprn of ['0123', '1234567890123', '12a', '-1']) expect(refusal({ uprn })).toContain('a UPRN is a number of up to 12 digits');
    expect(refusal({})).toContain('give exactly one of --title T | --address KEY | --uprn N');
    expect(refusal({ title: 'DN1', uprn: '1' })).toContain('(got --title and --uprn)');
    expect(refusal({ title: 'DN-1' })).toContain('--title:');
  });
});
