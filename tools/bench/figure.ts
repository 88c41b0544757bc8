/** One benchmark figure as results.json keeps it. */
export interface Figure {
  value: number;
  baseline?: number;
  ratio?: number;
  runs: number[];
  goal: string;
  unit: string;
  how: string;
  /** the day it was measured (a partial run keeps the others' own days) */
  measured?: string;
}
