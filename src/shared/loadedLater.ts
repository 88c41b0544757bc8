// A part of the player's code that comes after its start through the loader port
// (src/ports/loader.ts), which the flight log records: the port provides it once loaded (Node,
// where nothing is downloaded, provides it at once), and an actor asks for it only after the port
// said it had come.

export interface LoadedLater<T> {
  provide(code: T): void;
  /** the code, once provided; asked for before the loader port had it, a bug */
  get(): T;
}

export function loadedLater<T>(name: string): LoadedLater<T> {
  let provided: T | null = null;
  return {
    provide: (code) => {
      provided = code;
    },
    get: () => {
      if (!provided) throw new Error(`${name} is not loaded: ask the loader port first`);
      return provided;
    },
  };
}
