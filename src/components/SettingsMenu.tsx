import { ru } from '../i18n/ru';
import type { PlayerState } from '../state';
import {
  selectQualityOptions,
  selectSpeedOptions,
  selectSubtitleOptions,
  type ChoiceOption,
} from '../state/menuOptions';
import { streamRequests } from '../state/stream';
import { isSettingsPage, uiRequests, type SettingsPage } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { MenuChoice, MenuLink, MenuPanel } from './MenuPanel';
import { menuItem } from './styles';
import {
  isSubtitleStylePage,
  SUBTITLE_STYLE_TITLES,
  SubtitleStyleLink,
  SubtitleStylePages,
  SubtitlePreview,
} from './SubtitleStyleMenu';

/** The pages that list the options of one choice. */
type OptionsPageName = 'quality' | 'playback-rate' | 'subs';

const PAGE_TITLES: Record<Exclude<SettingsPage, 'main'>, string> = {
  quality: ru.quality,
  'playback-rate': ru.speed,
  subs: ru.subtitles,
  ...SUBTITLE_STYLE_TITLES,
};

const OPTIONS: Record<
  OptionsPageName,
  { select: (s: PlayerState) => ChoiceOption<number>[]; choose: (value: number) => unknown }
> = {
  quality: {
    select: selectQualityOptions,
    choose: (level) => streamRequests.qualityRequested({ level }),
  },
  'playback-rate': {
    select: selectSpeedOptions,
    choose: (rate) => streamRequests.rateRequested({ rate }),
  },
  subs: { select: selectSubtitleOptions, choose: (id) => streamRequests.subtitleRequested({ id }) },
};

const selectedLabel = (options: ChoiceOption<number>[]) =>
  options.find((o) => o.selected)?.label ?? '';

function MainPage({ wide }: { wide: boolean }) {
  const dispatch = usePlayerDispatch();
  const quality = usePlayerSelector((s) => selectedLabel(selectQualityOptions(s)));
  const speed = usePlayerSelector((s) => selectedLabel(selectSpeedOptions(s)));
  const subs = usePlayerSelector((s) => selectedLabel(selectSubtitleOptions(s)));
  const hasSubs = usePlayerSelector((s) => s.stream.subtitleTracks.length > 0);
  const rows: { page: SettingsPage; label: string; value: string }[] = [
    { page: 'quality', label: ru.quality, value: quality },
    { page: 'playback-rate', label: ru.speed, value: speed },
    // SPEC.md section 2: on mobile the main page also holds subtitles.
    ...(!wide && hasSubs ? [{ page: 'subs' as const, label: ru.subtitles, value: subs }] : []),
  ];
  const can = usePlayerSelector((s) => s.viewport.capabilities);
  const pip = usePlayerSelector((s) => s.viewport.pictureInPicture);
  // The mobile menu's extra slot: picture-in-picture, AirPlay and casting (SPEC.md section 1).
  const extras = wide
    ? []
    : [
        ...(can.pictureInPicture
          ? [
              {
                label: ru.pictureInPicture,
                icon: pip ? 'picture_in_picture_exit' : 'picture_in_picture_enter',
                action: uiRequests.pictureInPictureToggled(),
              },
            ]
          : []),
        ...(can.airplay
          ? [
              {
                label: ru.airplay,
                icon: 'airplay',
                action: uiRequests.castRequested({ kind: 'airplay' }),
              },
            ]
          : []),
        ...(can.remotePlayback
          ? [{ label: ru.cast, icon: 'cast', action: uiRequests.castRequested({ kind: 'remote' }) }]
          : []),
      ];
  return (
    <>
      {extras.map((extra) => (
        <button
          key={extra.label}
          type="button"
          role="menuitem"
          css={menuItem}
          onClick={() => {
            dispatch(uiRequests.iconClicked({ icon: extra.icon }));
            dispatch(extra.action);
            dispatch(uiRequests.menuClosed());
          }}
        >
          <span>{extra.label}</span>
        </button>
      ))}
      {rows.map((row) => (
        <MenuLink
          key={row.page}
          label={row.label}
          value={row.value}
          ariaLabel={`${row.label}: ${row.value}`}
          testId={`settings-item-${row.page}`}
          onOpen={() => dispatch(uiRequests.menuOpened({ menu: row.page }))}
        />
      ))}
    </>
  );
}

function OptionsPage({ page }: { page: OptionsPageName }) {
  const dispatch = usePlayerDispatch();
  const { select, choose } = OPTIONS[page];
  const options = usePlayerSelector(select);
  return (
    <>
      {options.map((o) => (
        <MenuChoice
          key={o.value}
          label={o.label}
          selected={o.selected}
          onChoose={() => dispatch(choose(o.value) as { type: string })}
        />
      ))}
      {page === 'subs' && <SubtitleStyleLink />}
    </>
  );
}

/**
 * The settings menu (SPEC.md sections 2 and 4): main with quality and speed (and subtitles on
 * mobile), each opening its page of options; selecting closes, back returns to main.
 */
export function SettingsMenu() {
  const dispatch = usePlayerDispatch();
  const menu = usePlayerSelector((s) => s.ui.menu);
  const wide = usePlayerSelector((s) => s.viewport.wide);
  if (!menu || !isSettingsPage(menu)) return null;
  const page = menu as SettingsPage;
  return (
    <MenuPanel
      title={page === 'main' ? ru.settings : PAGE_TITLES[page]}
      testId={`settings-${page}`}
      onBack={page === 'main' ? undefined : () => dispatch(uiRequests.menuBack())}
      aside={isSubtitleStylePage(page) ? <SubtitlePreview /> : undefined}
    >
      {page === 'main' ? (
        <MainPage wide={wide} />
      ) : isSubtitleStylePage(page) ? (
        <SubtitleStylePages page={page} />
      ) : (
        <OptionsPage page={page} />
      )}
    </MenuPanel>
  );
}
