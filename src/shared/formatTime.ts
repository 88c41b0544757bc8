/** H:MM:SS from an hour on, M:SS below it. */
export function formatTime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** H:MM:SS always, as the continue prompt writes it. */
export function formatHms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${mm}:${String(s % 60).padStart(2, '0')}`;
}
