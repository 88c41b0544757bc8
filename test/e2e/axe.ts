// The accessibility audit of the browser tests: axe-core's WCAG 2.2 AA rules run in the player's frame.
import { readFileSync } from 'node:fs';
import type { Frame } from 'puppeteer-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules a player must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Each violation as a reader fixes it: the rule, its help, and each element with what is wrong. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}\n` +
        v.nodes
          .map((n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`)
          .join('\n'),
    )
    .join('\n');
}

/** Audits the frame's whole document as it is now; the violations found (none is the goal). */
export async function audit(frame: Frame): Promise<Violation[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: Violation[];
    };
    // plain data: the rest of axe's answer holds elements
    return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, WCAG_TAGS);
}
