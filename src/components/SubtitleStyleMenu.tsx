import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { cueDeclarations, windowDeclarations } from '../shared/subtitleStyle';
import { SUBTITLE_STYLE_FIELDS } from '../state/subtitleStyleFields';
import { SUBTITLE_STYLE_PAGES, type SubtitleStyleFieldPage } from '../state/subtitleStylePages';
import { selectSubtitleStyle, subtitleStyleRequests } from '../state/subtitleStyle';
import { uiRequests, type SubtitleStylePage } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { MenuChoice, MenuLink } from './MenuPanel';
import { menuItem } from './styles';

const pageOf = (field: keyof typeof SUBTITLE_STYLE_PAGES): SubtitleStyleFieldPage =>
  SUBTITLE_STYLE_PAGES[field];

export const SUBTITLE_STYLE_TITLES: Record<SubtitleStylePage, string> = {
  'subs-style': ru.subtitleStyle,
  ...(Object.fromEntries(SUBTITLE_STYLE_FIELDS.map((f) => [pageOf(f.field), f.label])) as Record<
    SubtitleStyleFieldPage,
    string
  >),
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

/** Where the sample sits: a grey, picture-like ground, so that every colour of the style shows. */
const previewGround = css`
  display: flex;
  justify-content: center;
  /* as wide as the menu's items, never wider: a large size wraps rather than widen the menu */
  box-sizing: border-box;
  width: 0;
  min-width: calc(100% - 1.5rem);
  margin: 0.5rem 0.75rem;
  padding: 0.75rem 0.5rem;
  border-radius: 0.25rem;
  background: linear-gradient(135deg, #4a5a6a, #8a7a5a);
  font-size: 1rem;
  line-height: 1.3;
  text-align: center;
  overflow-wrap: anywhere;
`;

/** A line styled as the cues are, on the pages of 'Оформление'. */
export function SubtitlePreview() {
  const style = usePlayerSelector(selectSubtitleStyle);
  return (
    <div
      css={previewGround}
      data-testid="subtitle-preview"
      role="img"
      aria-label={ru.subtitlePreview}
    >
      <span
        css={css`
          ${windowDeclarations(style)};
          padding: 0.2em 0.3em;
        `}
      >
        <span
          css={css`
            ${cueDeclarations(style)};
            padding: 0 0.2em;
          `}
        >
          {ru.subtitlePreview}
        </span>
      </span>
    </div>
  );
}

/**
 * 'Оформление' (each field showing its choice, then the reset) and the page of each field: choosing
 * returns to 'Оформление', so the viewer sees the preview and the cues change and may choose the next.
 */
export function SubtitleStylePages({ page }: { page: SubtitleStylePage }) {
  const dispatch = usePlayerDispatch();
  const style = usePlayerSelector(selectSubtitleStyle);
  if (page === 'subs-style')
    return (
      <>
        {SUBTITLE_STYLE_FIELDS.map((f) => {
          const value = f.text(style[f.field]);
          return (
            <MenuLink
              key={f.field}
              label={f.label}
              value={value}
              ariaLabel={`${f.label}: ${value}`}
              testId={`settings-item-${pageOf(f.field)}`}
              onOpen={() => dispatch(uiRequests.menuOpened({ menu: pageOf(f.field) }))}
            />
          );
        })}
        <button
          type="button"
          role="menuitem"
          css={menuItem}
          data-testid="settings-item-subs-reset"
          onClick={() => dispatch(subtitleStyleRequests.styleReset())}
        >
          <span>{ru.subtitleStyleReset}</span>
        </button>
      </>
    );
  const field = SUBTITLE_STYLE_FIELDS.find((f) => pageOf(f.field) === page);
  if (!field) return null;
  return (
    <>
      {field.values.map((value) => (
        <MenuChoice
          key={String(value)}
          label={field.text(value)}
          selected={style[field.field] === value}
          onChoose={() => dispatch(subtitleStyleRequests.styleRequested({ [field.field]: value }))}
        />
      ))}
    </>
  );
}
