// The effects that go inside race() and all(): redux-saga's own. typed-redux-saga's are generators
// (for yield*), which redux-saga would run inside a combinator as tasks of their own.
import { call, spawn, take } from 'redux-saga/effects';

export const plain = { call, spawn, take };
