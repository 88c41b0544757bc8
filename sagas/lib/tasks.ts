import type { Task } from 'redux-saga';
import { join, type JoinEffect } from 'redux-saga/effects';

/**
 * A forked task that knows the type of its result, as typed-redux-saga's fork gives it (its own
 * name for this type is not exported), so a join of it is typed too.
 */
export interface TaskOf<T> extends Task {
  result: <R = T>() => R | undefined;
  toPromise: <R = T>() => Promise<R>;
}

/** Waits for the task and gives its result, typed (typed-redux-saga's join types only its own tasks). */
export function* joinTask<T>(task: TaskOf<T>): Generator<JoinEffect, T> {
  return yield join(task);
}
