// Which actor did it: follows redux-saga's effect tree from each supervised actor down to the
// effects it runs, so a put or a port call can be attributed to the actor that made it.
import type { SagaMonitor } from 'redux-saga';

interface EffectLike {
  type?: string;
  payload?: { fn?: unknown; args?: unknown[]; action?: object };
}

const isTask = (value: unknown): value is { toPromise(): Promise<unknown> } =>
  typeof (value as { toPromise?: unknown } | null)?.toPromise === 'function';

export function createActorTracker(supervisor: (...args: never[]) => unknown) {
  const actorOfEffect = new Map<number, string>();
  const actorOfAction = new WeakMap<object, string>();
  let current = 'root';

  const forget = (effectId: number) => actorOfEffect.delete(effectId);

  const monitor: SagaMonitor = {
    effectTriggered({ effectId, parentEffectId, effect }) {
      const e = effect as EffectLike | undefined;
      const supervised = (e?.type === 'FORK' || e?.type === 'CALL') && e.payload?.fn === supervisor;
      const actor = supervised
        ? String(e.payload?.args?.[0])
        : (actorOfEffect.get(parentEffectId) ?? 'root');
      actorOfEffect.set(effectId, actor);
      current = actor;
      if (e?.type === 'PUT' && e.payload?.action) actorOfAction.set(e.payload.action, actor);
    },
    effectResolved(effectId, result) {
      // A forked task outlives its fork effect: its children still need the actor's name.
      if (isTask(result))
        result.toPromise().then(
          () => forget(effectId),
          () => forget(effectId),
        );
      else forget(effectId);
    },
    effectRejected: forget,
    effectCancelled: forget,
  };

  return {
    monitor,
    /** the actor whose effect ran last: port calls are made synchronously from it */
    current: () => current,
    actorOf: (action: object) => actorOfAction.get(action) ?? current,
  };
}

export type ActorTracker = ReturnType<typeof createActorTracker>;
