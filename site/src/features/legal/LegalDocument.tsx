// The privacy policy or the terms of use in the page's language: title, effective date, a short
// summary, a table of contents and the sections. The desktop pages put the contents beside the
// text on wide screens; the mobile pages fold them away and keep everything in one column.
import { dateIn } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Grid } from '@chakra-ui/react/grid';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Link } from '../../i18n/Link';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import {
  EFFECTIVE_DATE,
  LEGAL_DOCUMENTS,
  SUMMARY_KEYS,
  type LegalBlock,
  type LegalDocumentId,
} from './documents';

/** Each language's long date, the month written out. */
const LONG_DATE: Record<Locale, string> = {
  en: 'MMMM D, YYYY',
  zh: 'YYYY年M月D日',
  'pt-br': 'D [de] MMMM [de] YYYY',
};

/** An ISO date (`2026-11-01`) written out for `locale`: `November 1, 2026`, `2026年11月1日`. */
export function formatLegalDate(isoDate: string, locale: Locale): string {
  return dateIn(isoDate, { locale }).format(LONG_DATE[locale]);
}

const TextLink = chakra(Link, {
  base: {
    color: 'accent.fg',
    fontWeight: 'medium',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    _hover: { textDecorationThickness: '2px' },
  },
});

const TocLink = chakra('a', {
  base: {
    display: 'block',
    paddingY: '1.5',
    color: 'fg.muted',
    textDecoration: 'none',
    _hover: { color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '3px' },
  },
});

export interface LegalDocumentProps {
  /** Which document to show. */
  document: LegalDocumentId;
  /** `page` for /privacy/ and /terms/; `mobile` for the phone-first pages under /mobile/. */
  variant?: 'page' | 'mobile';
}

export function LegalDocument({ document, variant = 'page' }: LegalDocumentProps) {
  const { t, i18n } = useTranslation('legal');
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const mobile = variant === 'mobile';
  const sections = LEGAL_DOCUMENTS[document];
  const other: LegalDocumentId = document === 'privacy' ? 'terms' : 'privacy';
  const home = mobile ? '/mobile/' : '/';
  const backLabel = t(mobile ? 'backMobile' : 'backHome');
  const text = (sectionId: string, key: string) => t(`${document}.sections.${sectionId}.${key}`);

  // Links a finger can hit on the mobile pages (44 px high).
  const touch = mobile ? { display: 'flex', alignItems: 'center', minHeight: '11' } : {};

  const tocList = (
    <chakra.ol margin="0" paddingStart="5" listStyleType="decimal" color="fg.subtle" fontSize="sm">
      {sections.map((section) => (
        <li key={section.id}>
          <TocLink href={`#${section.id}`} {...touch}>
            {text(section.id, 'title')}
          </TocLink>
        </li>
      ))}
    </chakra.ol>
  );

  const toc = mobile ? (
    <chakra.nav
      aria-label={t('contents')}
      borderWidth="1px"
      borderColor="border.subtle"
      borderRadius="lg"
      bg="bg.surface"
    >
      <details>
        <chakra.summary
          cursor="pointer"
          paddingX="4"
          paddingY="3"
          minHeight="11"
          fontWeight="semibold"
        >
          {t('contents')}
        </chakra.summary>
        <Box paddingX="4" paddingBottom="3">
          {tocList}
        </Box>
      </details>
    </chakra.nav>
  ) : (
    <chakra.nav
      aria-labelledby="legal-contents"
      position={{ lg: 'sticky' }}
      top={{ lg: '6' }}
      alignSelf="start"
      borderWidth="1px"
      borderColor="border.subtle"
      borderRadius="lg"
      bg="bg.surface"
      padding="5"
    >
      <chakra.h2
        id="legal-contents"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="wide"
        textTransform="uppercase"
        color="fg.muted"
        marginBottom="2"
      >
        {t('contents')}
      </chakra.h2>
      {tocList}
    </chakra.nav>
  );

  return (
    <chakra.article aria-labelledby="legal-title" overflowWrap="break-word">
      <TextLink
        to={home}
        fontSize="sm"
        display="inline-flex"
        alignItems="center"
        gap="1.5"
        paddingY="2"
        minHeight={mobile ? '11' : undefined}
      >
        <span aria-hidden="true">←</span>
        {backLabel}
      </TextLink>

      <chakra.header marginTop={mobile ? '4' : '6'} marginBottom={mobile ? '6' : '8'}>
        <chakra.h1
          id="legal-title"
          fontSize={mobile ? '2xl' : { base: '3xl', md: '4xl' }}
          fontWeight="bold"
          letterSpacing="tight"
          lineHeight="tight"
        >
          {t(`${document}.title`)}
        </chakra.h1>
        <chakra.p marginTop="2" fontSize="sm" color="fg.muted">
          <time dateTime={EFFECTIVE_DATE}>
            {t('effectiveDate', { date: formatLegalDate(EFFECTIVE_DATE, locale) })}
          </time>
        </chakra.p>
        <chakra.p
          marginTop="4"
          maxWidth="prose"
          fontSize={mobile ? 'md' : 'lg'}
          color="fg.muted"
          lineHeight="relaxed"
        >
          {t(`${document}.intro`)}
        </chakra.p>
      </chakra.header>

      <chakra.section
        aria-labelledby="legal-summary"
        maxWidth="prose"
        marginBottom={mobile ? '6' : '10'}
        padding={mobile ? '4' : '5'}
        borderRadius="lg"
        borderWidth="1px"
        borderColor="border.subtle"
        borderStartWidth="3px"
        borderStartColor="accent.solid"
        bg="bg.surface"
      >
        <chakra.h2 id="legal-summary" fontSize="md" fontWeight="semibold" marginBottom="2">
          {t('summaryTitle')}
        </chakra.h2>
        <chakra.ul margin="0" paddingStart="5" listStyleType="disc" lineHeight="relaxed">
          {SUMMARY_KEYS.map((key) => (
            <chakra.li key={key} marginTop="1">
              {t(`${document}.summary.${key}`)}
            </chakra.li>
          ))}
        </chakra.ul>
      </chakra.section>

      <Grid
        templateColumns={mobile ? '1fr' : { base: '1fr', lg: '16rem minmax(0, 1fr)' }}
        gap={mobile ? '8' : { base: '8', lg: '12' }}
      >
        {toc}
        <Box maxWidth="prose">
          {sections.map((section) => (
            // The heading carries the id the contents link to: twelve sections as landmarks
            // would only crowd a screen reader's landmark list; headings are how one moves here.
            <chakra.section key={section.id} _notFirst={{ marginTop: mobile ? '8' : '10' }}>
              <chakra.h2
                id={section.id}
                scrollMarginTop="6"
                fontSize={mobile ? 'lg' : 'xl'}
                fontWeight="semibold"
                letterSpacing="tight"
                marginBottom="3"
              >
                {text(section.id, 'title')}
              </chakra.h2>
              {section.blocks.map((block) => (
                <Block key={block.key} block={block} text={(key) => text(section.id, key)} />
              ))}
            </chakra.section>
          ))}
        </Box>
      </Grid>

      <chakra.footer
        display="flex"
        flexWrap="wrap"
        gap="6"
        marginTop="12"
        paddingTop="6"
        borderTopWidth="1px"
        borderColor="border.subtle"
        fontSize="sm"
      >
        <TextLink to={mobile ? `/mobile/${other}/` : `/${other}/`} {...touch}>
          {t(`seeAlso.${other}`)}
        </TextLink>
        <TextLink to={home} {...touch}>
          {backLabel}
        </TextLink>
      </chakra.footer>
    </chakra.article>
  );
}

interface BlockProps {
  block: LegalBlock;
  /** The text at a key of the current section. */
  text: (key: string) => string;
}

function Block({ block, text }: BlockProps) {
  if (block.kind === 'paragraph') {
    return (
      <chakra.p lineHeight="relaxed" _notLast={{ marginBottom: '3' }}>
        {text(block.key)}
      </chakra.p>
    );
  }
  return (
    <chakra.ul
      marginY="3"
      paddingStart="5"
      listStyleType="disc"
      lineHeight="relaxed"
      css={{ '& li::marker': { color: 'fg.subtle' } }}
    >
      {block.items.map((item) => (
        <chakra.li key={item} marginTop="2">
          {text(`${block.key}.${item}`)}
        </chakra.li>
      ))}
    </chakra.ul>
  );
}
