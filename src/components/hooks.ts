import { useDispatch, useSelector } from 'react-redux';
import type { PlayerState } from '../state';

export const usePlayerSelector = useSelector.withTypes<PlayerState>();
export const usePlayerDispatch = useDispatch;
