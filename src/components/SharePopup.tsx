import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { shareAddress } from '../shared/shareLink';
import type { PlayerState } from '../state';
import { selectCurrentSecond } from '../state/selectors';
import { uiRequests } from '../state/ui';
import { formatTime } from '../shared/formatTime';
import { usePlayerDispatch, usePlayerSelector, usePositionSelector } from './hooks';
import { MenuPanel } from './MenuPanel';
import { menuItem } from './styles';

/** The five networks of the share popup, with their share addresses. */
const NETWORKS: { name: string; href: (url: string) => string }[] = [
  { name: 'ВКонтакте', href: (u) => `https://vk.com/share.php?url=${u}` },
  { name: 'Одноклассники', href: (u) => `https://connect.ok.ru/offer?url=${u}` },
  { name: 'Telegram', href: (u) => `https://t.me/share/url?url=${u}` },
  { name: 'WhatsApp', href: (u) => `https://wa.me/?text=${u}` },
  { name: 'X', href: (u) => `https://x.com/intent/post?url=${u}` },
];

/** The content's full address (a path is taken on the site's origin), with the time code when asked. */
export const selectShareUrl = (s: PlayerState) => {
  const path = s.content.content?.url;
  const url = path ? shareAddress(path, s.ui.features.shareOrigin) : null;
  if (!url) return '';
  if (s.ui.shareWithTime) url.searchParams.set('t', String(selectCurrentSecond(s)));
  return url.href;
};

/** the time-code item: a box that shows its check before the text */
const row = css`
  justify-content: flex-start;
  gap: 0.5rem;
  .box {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 1rem;
    height: 1rem;
    flex: none;
    border: 2px solid currentColor;
    border-radius: 0.2rem;
    font-size: 0.75rem;
    line-height: 1;
  }
  &[aria-checked='true'] .box {
    background: #e50914;
    border-color: #e50914;
  }
`;

const selectTimeCode = (s: PlayerState) => formatTime(selectCurrentSecond(s));

/** SPEC.md section 2: five networks, copy link, and 'Поделиться с тайм кодом:' with the time. */
export function SharePopup() {
  const open = usePlayerSelector((s) => s.ui.menu === 'share');
  // Only the open popup follows the time (once a second); a closed one costs nothing.
  return open ? <ShareContent /> : null;
}

function ShareContent() {
  const dispatch = usePlayerDispatch();
  const url = usePositionSelector(selectShareUrl);
  const withTime = usePlayerSelector((s) => s.ui.shareWithTime);
  const time = usePositionSelector(selectTimeCode);
  const copied = usePlayerSelector((s) => s.ui.linkCopied);
  const encoded = encodeURIComponent(url);
  return (
    <MenuPanel title={ru.share} testId="menu-share" modal>
      {NETWORKS.map((n) => (
        <a
          key={n.name}
          role="menuitem"
          css={menuItem}
          href={n.href(encoded)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={ru.shareOn(n.name)}
        >
          {n.name}
        </a>
      ))}
      <button
        type="button"
        role="menuitem"
        css={menuItem}
        onClick={() => dispatch(uiRequests.copyLinkRequested({ url }))}
      >
        <span>{copied === null ? ru.copyLink : copied ? ru.linkCopied : ru.copyFailed}</span>
      </button>
      {/* a menu's own checkbox (WAI-ARIA menu pattern): the menu holds items only */}
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={withTime}
        css={[menuItem, row]}
        onClick={() => dispatch(uiRequests.shareWithTimeToggled())}
      >
        <span className="box" aria-hidden="true">
          {withTime ? '✓' : ''}
        </span>
        <span>
          {ru.shareWithTime} {time}
        </span>
      </button>
    </MenuPanel>
  );
}
