import { ru } from '../i18n/ru';
import {
  SUBTITLE_BACKGROUNDS,
  SUBTITLE_COLORS,
  SUBTITLE_SIZES,
  type SubtitleStyle,
} from '../shared/subtitleStyle';
import { selectSubtitleStyle, subtitleStyleRequests } from '../state/subtitleStyle';
import { uiRequests, type SubtitleStylePage } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { MenuChoice, MenuLink } from './MenuPanel';

type Field = keyof SubtitleStyle;

/** Each field of the style: its page, its name, its values and how each reads. */
const FIELDS: {
  field: Field;
  page: Exclude<SubtitleStylePage, 'subs-style'>;
  label: string;
  values: readonly SubtitleStyle[Field][];
  text: (value: never) => string;
}[] = [
  {
    field: 'size',
    page: 'subs-size',
    label: ru.subtitleSize,
    values: SUBTITLE_SIZES,
    text: (v: SubtitleStyle['size']) => ru.subtitleSizes[v],
  },
  {
    field: 'color',
    page: 'subs-color',
    label: ru.subtitleColor,
    values: SUBTITLE_COLORS,
    text: (v: SubtitleStyle['color']) => ru.subtitleColors[v],
  },
  {
    field: 'background',
    page: 'subs-background',
    label: ru.subtitleBackground,
    values: SUBTITLE_BACKGROUNDS,
    text: (v: SubtitleStyle['background']) => ru.subtitleBackgroundValue(v),
  },
];

const textOf = (field: (typeof FIELDS)[number], value: SubtitleStyle[Field]) =>
  field.text(value as never);

export const SUBTITLE_STYLE_TITLES: Record<SubtitleStylePage, string> = {
  'subs-style': ru.subtitleStyle,
  'subs-size': ru.subtitleSize,
  'subs-color': ru.subtitleColor,
  'subs-background': ru.subtitleBackground,
};

export const isSubtitleStylePage = (page: string): page is SubtitleStylePage =>
  page in SUBTITLE_STYLE_TITLES;

/** The subtitles page's link to 'Оформление'. */
export function SubtitleStyleLink() {
  const dispatch = usePlayerDispatch();
  return (
    <MenuLink
      label={ru.subtitleStyle}
      value=""
      testId="settings-item-subs-style"
      onOpen={() => dispatch(uiRequests.menuOpened({ menu: 'subs-style' }))}
    />
  );
}

/**
 * 'Оформление' (size, text colour, background, each showing its choice) and the page of each:
 * choosing returns to 'Оформление', so the viewer sees the cues change and may choose the next.
 */
export function SubtitleStylePages({ page }: { page: SubtitleStylePage }) {
  const dispatch = usePlayerDispatch();
  const style = usePlayerSelector(selectSubtitleStyle);
  if (page === 'subs-style')
    return (
      <>
        {FIELDS.map((f) => (
          <MenuLink
            key={f.page}
            label={f.label}
            value={textOf(f, style[f.field])}
            ariaLabel={`${f.label}: ${textOf(f, style[f.field])}`}
            testId={`settings-item-${f.page}`}
            onOpen={() => dispatch(uiRequests.menuOpened({ menu: f.page }))}
          />
        ))}
      </>
    );
  const field = FIELDS.find((f) => f.page === page);
  if (!field) return null;
  return (
    <>
      {field.values.map((value) => (
        <MenuChoice
          key={String(value)}
          label={textOf(field, value)}
          selected={style[field.field] === value}
          onChoose={() => dispatch(subtitleStyleRequests.styleRequested({ [field.field]: value }))}
        />
      ))}
    </>
  );
}
