/** The events icons' URLs fire under, each keyed with the icon's place: iconView-0, iconClick-0. */
export const ICON_VIEW = 'iconView';
export const ICON_CLICK = 'iconClick';
export const iconKey = (event: typeof ICON_VIEW | typeof ICON_CLICK, index: number) =>
  `${event}-${index}`;
