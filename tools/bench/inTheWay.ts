// What the profiles say stands between a figure and its goal, written under the results when it is missed.
export const IN_THE_WAY: Record<string, string> = {
  ttff_ratio:
    'the bare page asks for the manifest at once; the player first asks the catalog API for the content, its seasons and episodes, then the master JSON, and only then the manifest: four round trips (on loopback, each waits for the one before) plus React and the store starting, while the hls.js chunk loads alongside. Left to try: ask for the seasons and episodes together with the content, and start the master JSON as soon as the episode is known rather than after the ad list.',
  cpu_ratio:
    "hls.js costs the same in both pages (about 170 ms a minute); the player adds its 100 ms stream loop (SPEC.md section 9: 600 timer tasks a minute, about 17 ms) and, once a second, the sample's trip through the store: reducers, the flight recorder, the actors' takers and React-Redux's selectors (about 45 ms a minute), and more garbage collection in a larger heap (about 40 vs 16 ms). The runs spread widely on this shared machine (see the runs column). Left to try: one store listener for the DOM writers instead of one each, fewer saga forks per sample.",
  js_gzip_kb_first_frame:
    'hls.js alone is 179 KB (its full build: the light one has no alternate audio or subtitles, which the player needs); react-dom is about 65 KB, axios 21 KB and the VAST parser (fast-xml-parser with its helpers) about 20 KB. A Node `buffer` polyfill (8 KB) is gone. Left to try: preact/compat in place of react-dom (about 60 KB less), and loading the VAST parser after the first frame through a recorded port (a plain dynamic import inside a saga would change the order of events between a session and its replay).',
  preroll_latency_ratio:
    'within the noise of its goal: its runs spread from 1.08 to 1.29 (the median was 1.14 in the run before). From the click, the player dispatches the intent, the ad actor decides and calls play() on an ad element that is already loaded; left to try: call play() from the click handler itself, before the store.',
  heap_growth_mb:
    'part of the growth is kept on purpose: the flight recorder holds the whole session (see its size in the how column) until its 16 MB limit, and the ad history keeps its last 100 ads; the count of hls.js instances stays at 1 and of media elements at its start value, so no stream or element leaks. Left to look at: what else the remaining growth is made of, with a heap snapshot diff.',
};
