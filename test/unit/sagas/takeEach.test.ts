import { configureStore, createAction, Tuple } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { delay, put } from 'typed-redux-saga';
import { on, takeEach } from '../../../sagas/lib/takeEach';

const asked = createAction<{ n: number }>('test/asked');
const told = createAction<string>('test/told');
const other = createAction('test/other');
const answered = createAction<string>('test/answered');

function running(saga: () => Generator) {
  const seen: string[] = [];
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: (s: null = null, action) => {
      if (answered.match(action)) seen.push(action.payload);
      return s;
    },
    middleware: () => new Tuple(sagas),
  });
  sagas.run(saga);
  return { store, seen };
}

describe('takeEach', () => {
  it("forks each action's own handler, typed by its creator, every time it comes", async () => {
    const { store, seen } = running(function* () {
      yield* takeEach(
        on(asked, function* ({ payload }) {
          yield* delay(payload.n);
          yield* put(answered(`asked ${payload.n}`));
        }),
        on([told, other], function* (action) {
          yield* put(answered(told.match(action) ? `told ${action.payload}` : 'other'));
        }),
      );
    });
    store.dispatch(asked({ n: 20 }));
    store.dispatch(asked({ n: 1 })); // the first still waits: each runs on its own
    store.dispatch(told('a'));
    store.dispatch(other());
    store.dispatch(told('b'));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['told a', 'other', 'told b', 'asked 1', 'asked 20']);
  });

  it('refuses a kind of action given two handlers', () => {
    expect(() =>
      takeEach(
        on(asked, () => {}),
        on([told, asked], () => {}),
      ),
    ).toThrow('takeEach: "test/asked" has two handlers');
  });
});
