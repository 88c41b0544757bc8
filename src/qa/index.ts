// kino-player-qa: a typed page object for puppeteer scripts and tests of the player (docs/qa.md).
export { attachPlayer, PlayerKit, type AdView, type WaitOptions } from './player';
export { NAMES, byRole, byTestId, sliderPoint, type ControlRole } from './names';
export {
  demoServer,
  demoBaseUrl,
  type Beacon,
  type DemoRequest,
  type DemoServerClient,
  type Fault,
  type FaultOptions,
  type FaultRule,
} from './demo';
export type { PlayerAction, PlayerConfig, PlayerDebugApi, PlayerState } from './debugApi';
