import type { AdEndStatus } from '../../src/state/ads';
import type { VastErrorCode } from '../../src/vast/model';

/** How one advert ended, as its tracking reports it and the break goes on from. */
export interface AdOutcome {
  status: AdEndStatus;
  error: { code: VastErrorCode; message: string } | null;
}
