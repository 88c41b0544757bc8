// How long the kit's waits wait: every wait of the page object takes these options.

export interface WaitOptions {
  /** milliseconds; 10 000 unless told */
  timeout?: number;
}

export const DEFAULT_TIMEOUT = 10_000;
