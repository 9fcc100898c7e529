// The market table's Follow action for one coin: a button that follows it (or, for a visitor,
// opens the login first), and once followed a link to the coin's report, "Following".
import { Button } from '@coinlens/design-system';
import { chakra } from '@chakra-ui/react/styled-system';
import { Link } from '../../i18n/Link';
import type { Translate } from './provenance';
import type { FollowTarget } from './useMarketFollow';

const FollowingLink = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '8',
    paddingX: '3',
    borderRadius: 'md',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'accent.fg',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
});

export interface FollowButtonProps {
  /** The coin of the row. */
  coin: FollowTarget;
  /** Whether the user follows it already. */
  followed: boolean;
  /** Whether a follow of it is under way. */
  busy: boolean;
  onFollow: (coin: FollowTarget) => void;
  /** The coin's report, where "Following" leads. */
  reportPath: string;
  t: Translate;
}

export function FollowButton({ coin, followed, busy, onFollow, reportPath, t }: FollowButtonProps) {
  if (followed) {
    return (
      <FollowingLink to={reportPath} aria-label={t('follow.followingLabel', { name: coin.name })}>
        {t('follow.following')}
      </FollowingLink>
    );
  }
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={t('follow.actionLabel', { name: coin.name })}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => onFollow({ id: coin.id, name: coin.name })}
      whiteSpace="nowrap"
    >
      {busy ? t('follow.busy') : t('follow.action')}
    </Button>
  );
}
