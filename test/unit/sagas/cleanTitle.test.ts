import { cleanTitle } from '../../../sagas/boot/cleanTitle';

describe('title prefix (SPEC.md section 5)', () => {
  it.each([
    ['1. Пилот', 'Пилот'],
    ['12. Финал сезона', 'Финал сезона'],
    ['Пилот', 'Пилот'],
    ['1.Пилот', '1.Пилот'],
    ['1984', '1984'],
    ['Эпизод 1. Начало', 'Эпизод 1. Начало'],
  ])('%p -> %p', (title, expected) => expect(cleanTitle(title)).toBe(expected));
});
