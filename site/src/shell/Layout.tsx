// The page frame. `default`: header, page area, footer, the global dialogs, the toasts, what the
// features add to every page (frameParts.ts: their work when a page loads, and late parts such as
// the realtime notice), the loading bar (loaded once the page has hydrated) and the background.
// `welcome`: the same without the footer, the page area filling the window (the chat). `login`: a
// narrow, centred page area. `mobile`: the mobile pages, a phone-wide column clear of the safe
// areas, with their own top bar as `banner`. `header={false}` (privacy, terms, the mobile paths)
// leaves the header out.
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, type ReactNode } from 'react';
import { lazyChunk } from './loadChunk';
import { ChunkWaitNotice } from './ChunkWaitNotice';
import { DialogHost } from './DialogHost';
import { ErrorBoundary } from './ErrorBoundary';
import { frameAside, frameParts, lateFrameParts } from './frameParts';
import { Header } from './Header';
import { useHydrated } from './useHydrated';
import { Link } from '../i18n/Link';
import { Island } from '../start/Island';
import { SiteToaster } from './SiteToaster';
import { StatusContent } from './StatusContent';

const FooterLink = chakra(Link, {
  base: {
    color: 'fg.muted',
    textDecoration: 'none',
    _hover: { color: 'fg.default', textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
});

export type LayoutVariant = 'default' | 'welcome' | 'login' | 'mobile';

export interface LayoutProps {
  children: ReactNode;
  /** Privacy, terms and the mobile paths render without the header. */
  header?: boolean;
  /** Which frame (see the file's first comment). */
  variant?: LayoutVariant;
  /** Drawn where the header would be, for pages without it (the mobile pages' top bar). */
  banner?: ReactNode;
}

/** The widest the mobile pages' column gets (a large phone held upright, or one turned). */
export const MOBILE_WIDTH = '36rem';

/** Horizontal padding that keeps the mobile pages clear of a notch in landscape. */
export const SAFE_PADDING_X = {
  paddingLeft: 'max(1rem, env(safe-area-inset-left, 0px))',
  paddingRight: 'max(1rem, env(safe-area-inset-right, 0px))',
};

const MAIN_WIDTH: Record<LayoutVariant, string> = {
  default: 'page',
  welcome: 'page',
  login: '28rem',
  mobile: MOBILE_WIDTH,
};

/**
 * On paper (`@media print`): the page's content in the light palette (the design system's print
 * colours), without the glow, and without what floats over it (the assistant's launcher, the
 * toasts and notices: the overlays' part, whose wrapper keeps an inline `display`).
 */
const ON_PAPER = {
  '@media print': {
    backgroundImage: 'none',
    '& [data-island=overlays]': { display: 'none !important' },
  },
};

/**
 * Beside an open aside (the assistant's side panel, registered by its feature), from the lg
 * breakpoint, the whole frame (header, page, footer) narrows to the window's left of it, so that
 * nothing of the page is under it (below lg the panel lies over the page). Not on paper, where the
 * panel is not.
 */
const besideAside = (width: string) => ({
  '&[data-side-panel=open]': {
    lg: { paddingInlineEnd: width },
    _print: { paddingInlineEnd: '0' },
  },
});

const framesCss = new Map<string, object>();
/** The frame's css beside an aside of `width` (made once per width), or without one. */
function frameCss(width: string | undefined): object {
  if (width === undefined) return ON_PAPER;
  let css = framesCss.get(width);
  if (!css) framesCss.set(width, (css = { ...ON_PAPER, ...besideAside(width) }));
  return css;
}

const noAside = () => false;

const LateOverlays = lazyChunk(() => import('./LateOverlays'));

/**
 * The overlays no first screen shows (LateOverlays.tsx, and the features' late parts), once
 * hydrated; their chunks load side by side.
 */
function LateOverlaysPart() {
  // In a part of its own, so that only it renders again once the page has hydrated.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <Suspense fallback={null}>
        <LateOverlays />
      </Suspense>
      {lateFrameParts().map((Part, index) => (
        <Suspense key={index} fallback={null}>
          <Part />
        </Suspense>
      ))}
    </>
  );
}

export function Layout({ children, header = true, variant = 'default', banner }: LayoutProps) {
  const mobile = variant === 'mobile';
  const { t } = useTranslation('common');
  const { originalPath } = useI18next();
  // Read as the page renders: the features register it as they load (features/frame.ts), which
  // may come after this module; it is set once, so the hook called here is always the same one.
  const aside = frameAside();
  const besidePanel = (aside?.useOpen ?? noAside)();
  // The mobile pages link to the mobile legal pages: a phone would be sent away from the others.
  const legalBase = originalPath.startsWith('/mobile/') ? '/mobile' : '';
  // Links a finger can hit on the mobile pages (44 px).
  const footerLinkSize = mobile
    ? { display: 'inline-flex', alignItems: 'center', minHeight: '11', paddingX: '2' }
    : {};
  return (
    <Island name="frame">
      <Flex
        direction="column"
        minHeight="100dvh"
        bg="bg.canvas"
        // The background: a faint glow of the accent colour behind the top of the page.
        backgroundImage="radial-gradient(60rem 28rem at 70% -8rem, rgba(59, 130, 246, 0.10), transparent 70%)"
        backgroundRepeat="no-repeat"
        data-side-panel={besidePanel ? 'open' : undefined}
        css={frameCss(aside?.width)}
      >
        <chakra.a
          href="#main"
          position="absolute"
          left="-9999px"
          zIndex="30"
          _focus={{ left: '4', top: '4', bg: 'bg.raised', px: '3', py: '2', borderRadius: 'md' }}
        >
          {t('skipToContent')}
        </chakra.a>
        {header && (
          <Island name="header">
            <Header />
          </Island>
        )}
        {banner && <Island name="banner">{banner}</Island>}
        <Island name="main">
          <Box
            as="main"
            id="main"
            tabIndex={-1}
            flex="1"
            display={variant === 'welcome' ? 'flex' : 'block'}
            flexDirection="column"
            width="100%"
            maxWidth={MAIN_WIDTH[variant]}
            marginX="auto"
            paddingX={mobile ? undefined : { base: '4', md: '6' }}
            paddingY={variant === 'welcome' || mobile ? '4' : { base: '8', md: '12' }}
            css={mobile ? SAFE_PADDING_X : undefined}
            _focus={{ outline: 'none' }}
          >
            <ErrorBoundary
              fallback={({ status }) => (
                <StatusContent
                  status={status}
                  text={status === 404 ? t('notFound.text') : t('error.text')}
                  hint={status === 404 ? undefined : t('error.hint')}
                  backLabel={t('notFound.back')}
                  mobile={mobile}
                />
              )}
            >
              <Island name="page">{children}</Island>
            </ErrorBoundary>
          </Box>
        </Island>
        {variant !== 'welcome' && (
          <Island name="footer">
            <chakra.footer
              borderTopWidth="1px"
              borderColor="border.subtle"
              paddingTop="6"
              paddingBottom={mobile ? 'calc(1.5rem + env(safe-area-inset-bottom, 0px))' : '6'}
            >
              <Flex
                maxWidth={MAIN_WIDTH[variant]}
                marginX="auto"
                paddingX={mobile ? undefined : { base: '4', md: '6' }}
                css={mobile ? SAFE_PADDING_X : undefined}
                gap={mobile ? '2' : '6'}
                alignItems="center"
                fontSize="sm"
                color="fg.muted"
                wrap="wrap"
              >
                <span>{t('footer.rights')}</span>
                <FooterLink to={`${legalBase}/privacy/`} {...footerLinkSize}>
                  {t('footer.privacy')}
                </FooterLink>
                <FooterLink to={`${legalBase}/terms/`} {...footerLinkSize}>
                  {t('footer.terms')}
                </FooterLink>
              </Flex>
            </chakra.footer>
          </Island>
        )}
        <Island name="overlays">
          <DialogHost />
          {frameParts(header && variant === 'default').map((Part, index) => (
            <Part key={index} />
          ))}
          <LateOverlaysPart />
          <ChunkWaitNotice />
          <SiteToaster t={t} />
        </Island>
      </Flex>
    </Island>
  );
}
