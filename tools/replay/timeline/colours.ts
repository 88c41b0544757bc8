// The timeline's colours, shared by the legend (page.ts) and the drawing (client/, via the data).
export const COLOURS = {
  /** entry ticks, by kind */
  kind: {
    in: '#1e88e5',
    ev: '#8e24aa',
    put: '#43a047',
    call: '#fb8c00',
    ret: '#6d4c41',
    checkpoint: '#9e9e9e',
  } as Record<string, string>,
  /** an ad's statuses over its life; the last four end it */
  adStatus: {
    created: '#cfd8dc',
    loaded: '#90caf9',
    started: '#4fc3f7',
    playing: '#81c784',
    paused: '#ffca28',
    stopped: '#8d6e63',
    skipped: '#ab47bc',
    completed: '#00897b',
    error: '#e53935',
  } as Record<string, string>,
  playback: {
    playing: '#66bb6a',
    paused: '#ffca28',
    buffering: '#ff7043',
    ended: '#78909c',
  } as Record<string, string>,
  beacon: '#00838f',
  error: '#d50000',
  finding: '#ff6d00',
};
