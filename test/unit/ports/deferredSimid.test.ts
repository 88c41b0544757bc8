import { createDeferredSimidPort } from '../../../src/ports/deferredSimid';
import type { SimidEvent } from '../../../src/ports/types';
import { fakeSimid } from '../../../tools/sim/fakePorts';

describe('the SIMID port before and after its adapter’s code has come', () => {
  it('sends nothing before, and refuses to load a creative it cannot show', () => {
    const port = createDeferredSimidPort();
    expect(port.send('SIMID:Player:init', {})).toBe(-1);
    expect(() => port.load('https://simid.test/creative.html')).toThrow(/not loaded/);
    expect(() => port.unload()).not.toThrow();
  });

  it('forwards every call to the adapter once provided, and an early listener hears its events', () => {
    const port = createDeferredSimidPort();
    const heard: SimidEvent[] = [];
    port.subscribe((event) => heard.push(event));
    const adapter = fakeSimid();
    port.provide(adapter.port);
    port.load('https://simid.test/creative.html');
    port.show(true);
    port.resolve(0);
    expect(adapter.calls.map((c) => c.method)).toEqual(['load', 'show', 'resolve']);
    adapter.emit({ type: 'createSession', messageId: 0 });
    expect(heard).toEqual([{ type: 'createSession', messageId: 0 }]);
  });
});
