import { act, screen } from '@testing-library/react';
import { uiActions } from '../../../src/state/ui';
import { renderPlayer, seriesBooted } from './renderPlayer';

const region = () => screen.getByTestId('status');

describe('the status region', () => {
  it('is one polite status that says the announcer’s words', () => {
    const { store } = renderPlayer(...seriesBooted);
    expect(region()).toHaveAttribute('role', 'status');
    expect(region()).toHaveAttribute('aria-live', 'polite');
    act(() => void store.dispatch(uiActions.announced({ text: 'Пауза', atMs: 0 })));
    expect(region()).toHaveTextContent('Пауза');
  });

  it('keeps quiet while a slider has the focus, and does not say later what came then', () => {
    const { store } = renderPlayer(...seriesBooted);
    const slider = screen.getByRole('slider', { name: 'Громкость' });
    act(() => slider.focus());
    act(() => void store.dispatch(uiActions.announced({ text: 'Громкость 40%', atMs: 0 })));
    expect(region().textContent).toBe('');
    act(() => screen.getByRole('button', { name: 'Настройки' }).focus());
    expect(region().textContent).toBe(''); // the slider said it already
    act(() => void store.dispatch(uiActions.announced({ text: 'Скорость: 1.5x', atMs: 0 })));
    expect(region()).toHaveTextContent('Скорость: 1.5x');
  });
});
