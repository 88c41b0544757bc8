// A self-contained HTML page of a session (tools/replay/timeline/): swim lanes per actor and input,
// playback states and ad breaks with each ad's statuses, beacons, errors, the divergence and the
// findings marked; zoom, filters, search, and a table of every entry.
export { renderTimeline } from './timeline/index';
