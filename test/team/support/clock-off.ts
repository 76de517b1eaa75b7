// Loaded with `node --import` into a titledesk process: its clock reads TITLEDESK_TEST_CLOCK_OFFSET_MS
// off real time, as a desk's whose clock is wrong. Only what reads the time is moved (Date.now and
// a Date made without arguments); timers and the database keep real time.
const offset = Number(process.env['TITLEDESK_TEST_CLOCK_OFFSET_MS'] ?? '0');
const RealDate = Date;

class OffDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static override now(): number {
    return RealDate.now() + offset;
  }
}

globalThis.Date = OffDate as DateConstructor;
