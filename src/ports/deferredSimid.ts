// The SIMID port the player starts with, before its adapter's code (simid.ts) has come with the first
// SIMID advert, through the loader port: it forwards to the adapter once the loader port has provided it. Until then there is no creative,
// so nothing is sent and no event comes; a listener subscribed early hears the adapter's events.
import type { SimidEvent, SimidPort } from './types';

export interface DeferredSimidPort extends SimidPort {
  provide(adapter: SimidPort): void;
}

export function createDeferredSimidPort(): DeferredSimidPort {
  let adapter: SimidPort | null = null;
  const listeners = new Set<(event: SimidEvent) => void>();
  const loaded = () => {
    if (!adapter) throw new Error('The SIMID adapter is not loaded: ask the loader port first');
    return adapter;
  };
  return {
    provide(created) {
      if (adapter) return;
      adapter = created;
      adapter.subscribe((event) => listeners.forEach((listener) => listener(event)));
    },
    load: (url) => loaded().load(url),
    send: (type, args) => (adapter ? adapter.send(type, args) : -1),
    resolve: (messageId, value) => adapter?.resolve(messageId, value),
    reject: (messageId, errorCode, message) => adapter?.reject(messageId, errorCode, message),
    show: (visible) => adapter?.show(visible),
    open: (url) => loaded().open(url),
    unload: () => adapter?.unload(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
