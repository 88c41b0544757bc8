// The page's elements, by the ids and selectors of the shell page.ts writes, and the element an
// event happened in. The casts below are safe because page.ts writes every element asked for.

/** An element of the page's shell. */
export const byId = (id: string) => document.getElementById(id) as HTMLElement;

/** A text input of the shell (#search). */
export const inputById = (id: string) => document.getElementById(id) as HTMLInputElement;

/** An element inside `root` that the shell always has (a filter's summary, list, buttons). */
export const within = (root: ParentNode, selector: string) =>
  root.querySelector(selector) as HTMLElement;

/** The nearest element around the event's target that matches (the picture's marks are SVG). */
export function closest(ev: Event, selector: string): HTMLElement | SVGElement | null {
  return ev.target instanceof Element
    ? ev.target.closest<HTMLElement | SVGElement>(selector)
    : null;
}
