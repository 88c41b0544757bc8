// What the page's Content-Security-Policy refused, from the early start on (tools/build/
// contentPolicy.ts writes the policy). A refusal is a bug of ours or something injected into the
// page: the browser says it in the console, and QA scripts and browser tests read the list through
// the debug API (`policyViolations()`), which must stay empty. Kept on the window, because the early
// start and the player's code are separate scripts.
const KEPT = '__kinoPolicyViolations';
/** enough to find each refusal; a page that keeps refusing does not grow without end */
const MOST = 50;

export interface PolicyViolation {
  /** the directive that refused, e.g. "script-src-elem" */
  directive: string;
  /** what was refused: an address, "inline" or "eval" */
  blocked: string;
  /** the script that asked for it, and its line, where the browser tells */
  source: string;
  line: number;
  /** the start of the refused inline code, where the browser tells */
  sample: string;
}

/** Starts keeping this document's refusals (once: a second call keeps the same list). */
export function watchPolicyViolations(doc: Document = document): void {
  if (Array.isArray(Reflect.get(globalThis, KEPT))) return;
  const kept: PolicyViolation[] = [];
  Reflect.set(globalThis, KEPT, kept);
  doc.addEventListener('securitypolicyviolation', (event) => {
    if (kept.length >= MOST) return;
    kept.push({
      directive: event.effectiveDirective || event.violatedDirective,
      blocked: event.blockedURI,
      source: event.sourceFile,
      line: event.lineNumber,
      sample: event.sample,
    });
  });
}

/** The refusals kept so far (none when nothing was watched). */
export function policyViolations(): PolicyViolation[] {
  const kept: unknown = Reflect.get(globalThis, KEPT);
  return Array.isArray(kept) ? kept.filter(isViolation) : [];
}

const isViolation = (value: unknown): value is PolicyViolation =>
  typeof value === 'object' && value !== null && 'directive' in value && 'blocked' in value;
