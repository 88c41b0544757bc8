/** SPEC.md section 5: a leading "number, dot, space" prefix is stripped from titles ("1. Пилот" -> "Пилот"). */
export function cleanTitle(title: string): string {
  return title.replace(/^\d+\.\s+/, '');
}
