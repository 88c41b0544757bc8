// The accessibility audit of the browser tests: axe-core's WCAG 2.2 AA rules and a strict 24 px
// target check, run in a document of any engine's page (an expression the drivers evaluate), its
// violations handed back as plain data.
import { readFileSync } from 'node:fs';
import type { Frame } from 'puppeteer-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules a player must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Stricter than axe's target-size (which lets a small target pass when nothing is near it): every
 * visible control at least 24 by 24 CSS pixels. Statements that add to \`violations\`.
 */
const SMALL_TARGETS = `
  const controls = document.querySelectorAll(
    'button, a[href], input, select, [role="slider"], [role^="menuitem"], [tabindex="0"]',
  );
  const small = [...controls].flatMap((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return [];
    if (box.width >= 23.5 && box.height >= 23.5) return [];
    const name = el.getAttribute('aria-label') || el.getAttribute('data-testid') || el.textContent;
    return [{
      target: [el.tagName.toLowerCase() + ' "' + (name || '').trim().slice(0, 40) + '"'],
      failureSummary: Math.round(box.width) + 'x' + Math.round(box.height) + ' CSS px',
    }];
  });
  if (small.length > 0) violations.push({
    id: 'target-size-24px', impact: 'serious',
    help: 'Every control is at least 24 by 24 CSS pixels (WCAG 2.5.8)',
    helpUrl: 'https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum',
    nodes: small,
  });
`;

/**
 * An expression that audits the document as it is now (installing axe the first time) and answers
 * its violations (none is the goal). axe's source is part of the expression, not a string handed to
 * eval: the player's policy refuses eval, and WebKit's driver runs what it is given under it.
 */
export const AXE_AUDIT = `(async () => {
  if (!window.axe) {
${AXE_SOURCE}
  }
  const result = await window.axe.run(document, {
    runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} },
  });
  const violations = result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
    id, impact, help, helpUrl,
    nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
  }));
  ${SMALL_TARGETS}
  return violations;
})()`;

/** Audits a frame of a puppeteer page. */
export const audit = (frame: Frame) => frame.evaluate(AXE_AUDIT) as Promise<Violation[]>;

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
