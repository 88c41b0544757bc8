// The player's page runs under its Content-Security-Policy (tools/build/contentPolicy.ts): every
// browser test checks that nothing was refused (src/app/policyViolations.ts keeps each refusal).
import type { Frame } from 'puppeteer-core';

/** The refusals of the player's page in this frame, as the debug API keeps them. */
export const policyViolations = (frame: Frame) =>
  frame.evaluate(() => window.__player?.policyViolations() ?? []);

/** Nothing the player's page did was refused by its policy (printed in full when something was). */
export async function expectNoPolicyViolation(frame: Frame) {
  expect(await policyViolations(frame)).toEqual([]);
}
