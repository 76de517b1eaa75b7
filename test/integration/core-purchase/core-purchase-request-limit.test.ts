import { describe, expect, it } from 'vitest';
import { resultBody, type Answer, type SeenRequest } from '../fixtures/purchase-server.ts';
import { useScriptedRig } from '../fixtures/scripted-rig.ts';

const rig = useScriptedRig();
const variable = 'https://api.example.test/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';

/** Every POST: 303 to its own result, to be asked at once; every GET: the result. Each answer takes `delayMs`. */
function slowService(delayMs: number): (request: SeenRequest) => Answer {
  return (request): Answer => {
    if (request.method === 'POST') {
      const title = /titles\/([^/]+)\/catalog/.exec(request.path)?.[1] ?? '';
      return { status: 303, headers: { location: `/purchases/p-${title}`, 'retry-after': '0' }, delayMs };
    }
    return { status: 200, headers: { 'content-type': 'application/ld+json' }, body: resultBody(rig.server.baseUrl, [variable]), delayMs };
  };
}

describe('the purchase requests of one environment share its request limit', () => {
  it('never has more POSTs and GETs at the service at once than the limit', async () => {
    const service = rig.h.newService({ maxConcurrent: 3 });
    rig.server.setScript(slowService(20));
    rig.server.resetInFlight();
    const titles = Array.from({ length: 12 }, (_, i) => `DN${String(400 + i)}`);
    const created = await Promise.all(titles.map((title) => service.create(rig.env, title, [variable])));
    const settled = await Promise.all(created.map((record) => service.waitForSettled(record.id)));
    expect(settled.map((record) => record.state)).toEqual(titles.map(() => 'available'));
    // 12 POSTs and 12 GETs of 20 ms each went through three slots, never more at once.
    expect(rig.server.maxInFlight()).toBe(3);
  });

  it('sends a GET that has come due before the purchases still waiting to be sent', async () => {
    const service = rig.h.newService({ maxConcurrent: 1 });
    rig.server.setScript(slowService(40));
    const before = rig.server.seen.length;
    const titles = Array.from({ length: 6 }, (_, i) => `DN${String(500 + i)}`);
    const created = await Promise.all(titles.map((title) => service.create(rig.env, title, [variable])));
    await Promise.all(created.map((record) => service.waitForSettled(record.id)));
    const order = rig.server.seen.slice(before).map((request) => `${request.method} ${/(DN\d+)/.exec(request.path)?.[1] ?? ''}`);
    // The first purchase's GET comes due while the second POST is out: it goes next, ahead of the
    // four POSTs still waiting. In order of arrival it would come after all six.
    expect(order.slice(0, 3)).toEqual(['POST DN500', 'POST DN501', 'GET DN500']);
    expect(order).toHaveLength(12);
  });
});
