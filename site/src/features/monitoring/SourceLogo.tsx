import type { MonitorSource } from '@coinlens/contract';
import { chakra } from '@chakra-ui/react/styled-system';
import { Logo } from '@coinlens/design-system';
import { apiAssetUrl } from '../../data/client';

// The design system's logo brings no styles of its own; here they come as style props.
const StyledLogo = chakra(Logo);

export interface SourceLogoProps {
  source: Pick<MonitorSource, 'logo' | 'author'>;
  /** The logo's side, a size token: `10` in lists, `16` on the detail page. */
  size: '10' | '16';
  /** A circle (the detail page) or a rounded square (lists). */
  shape?: 'circle' | 'square';
}

/**
 * A source's logo, or its host's initial when it has none or it does not load (decorative: the
 * host's name is always beside it).
 */
export function SourceLogo({ source, size, shape = 'circle' }: SourceLogoProps) {
  return (
    <StyledLogo
      src={source.logo ? apiAssetUrl(source.logo) : null}
      names={[source.author]}
      width={size}
      height={size}
      flexShrink={0}
      borderRadius={shape === 'circle' ? 'full' : 'md'}
      bg="bg.subtle"
      objectFit="cover"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      fontSize={size === '16' ? '2xl' : 'md'}
      fontWeight="semibold"
      color={size === '16' ? undefined : 'fg.muted'}
    />
  );
}
