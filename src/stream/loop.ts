/** SPEC.md section 9: the stream loop tick. The media port samples at this pace while playing. */
export const TICK_MS = 100;
