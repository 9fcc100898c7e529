import type { MonitorSource } from '@coinlens/api/contract';
import { chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { apiAssetUrl } from '../../data/client';

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
  // The address that failed, so that a new logo for the same element gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const box = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: shape === 'circle' ? 'full' : 'md',
    bg: 'bg.subtle',
  } as const;
  if (source.logo && source.logo !== failed) {
    return (
      <chakra.img
        src={apiAssetUrl(source.logo)}
        alt=""
        objectFit="cover"
        onError={() => setFailed(source.logo)}
        {...box}
      />
    );
  }
  return (
    <chakra.span
      aria-hidden="true"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      fontSize={size === '16' ? '2xl' : 'md'}
      fontWeight="semibold"
      color={size === '16' ? undefined : 'fg.muted'}
      {...box}
    >
      {Array.from(source.author.trim())[0]?.toLocaleUpperCase()}
    </chakra.span>
  );
}
