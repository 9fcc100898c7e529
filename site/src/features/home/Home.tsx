// The landing page: what Coinlens is, its three areas, how it works, and the way in. Visitors get
// a call to sign in (`?t=login`, which the shell turns into the login dialog); signed-in users get
// links into Reporting and Monitoring instead. Until the session is known (the server render and
// hydration) both are in the page, and CSS shows the one that fits from the head script's mark.
import { buttonRecipe } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Grid } from '@chakra-ui/react/grid';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { ReactNode } from 'react';
import { Link } from '../../i18n/Link';
import { SessionParts } from '../../shell/SessionPart';
import { useSession } from '../../data/session';
import { HomePreview } from './HomePreview';

// The calls to action look like the design system's buttons, as router links and in-page anchors.
const CallLink = chakra(Link, buttonRecipe);
const CallAnchor = chakra('a', buttonRecipe);

const TextLink = chakra(Link, {
  base: {
    whiteSpace: 'nowrap',
    color: 'accent.fg',
    fontWeight: 'medium',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    _hover: { textDecorationThickness: '2px' },
  },
});

const AREAS = [
  { key: 'reports', Icon: ChartIcon },
  { key: 'monitoring', Icon: SignalIcon },
  { key: 'assistant', Icon: ChatIcon },
] as const;

const POINTS = ['p1', 'p2', 'p3'] as const;
const STEPS = ['follow', 'read', 'monitor', 'ask'] as const;

/** The id of the "how it works" section, the hero's in-page link target. */
export const HOW_IT_WORKS_ID = 'how-it-works';

export function Home() {
  const { t } = useTranslation(['home', 'common']);
  const { status, user, userFailed } = useSession();

  const areaLinks = (
    <>
      <CallLink size="lg" to="/reporting/">
        {t('hero.openReports')}
      </CallLink>
      <CallLink size="lg" to="/monitoring/" variant="outline">
        {t('hero.openMonitoring')}
      </CallLink>
    </>
  );

  return (
    <Flex direction="column" gap={{ base: '16', md: '24' }}>
      <chakra.section aria-labelledby="home-title">
        <Grid
          templateColumns={{ base: '1fr', md: 'minmax(0, 1.2fr) minmax(0, 1fr)' }}
          gap={{ base: '10', lg: '16' }}
          alignItems="center"
        >
          <Box>
            <chakra.p
              color="accent.fg"
              fontSize="sm"
              fontWeight="semibold"
              letterSpacing="wide"
              marginBottom="4"
            >
              {t('common:tagline')}
            </chakra.p>
            <chakra.h1
              id="home-title"
              fontSize={{ base: '3xl', sm: '4xl', lg: '5xl' }}
              fontWeight="bold"
              letterSpacing="tight"
              lineHeight="tight"
              textWrap="balance"
            >
              {t('hero.title')}
            </chakra.h1>
            <chakra.p
              marginTop="5"
              maxWidth="prose"
              fontSize={{ base: 'md', md: 'lg' }}
              lineHeight="relaxed"
              color="fg.muted"
            >
              {t('hero.lead')}
            </chakra.p>
            <SessionParts
              status={status}
              member={
                // Its line is kept while the nickname comes, so that the links do not move; if
                // the user's details cannot be loaded, it welcomes them without the nickname.
                <chakra.p marginTop="5" color="fg.default" fontWeight="medium">
                  {user
                    ? t('hero.welcomeBack', { nickname: user.nickname })
                    : userFailed
                      ? t('hero.welcomeBackUnnamed')
                      : '\u00a0'}
                </chakra.p>
              }
            />
            <Flex marginTop="8" gap="3" wrap="wrap">
              <SessionParts
                status={status}
                display="contents"
                member={areaLinks}
                visitor={
                  <>
                    <CallLink size="lg" to="/?t=login">
                      {t('hero.signIn')}
                    </CallLink>
                    <CallAnchor size="lg" href={`#${HOW_IT_WORKS_ID}`} variant="outline">
                      {t('hero.howItWorks')}
                    </CallAnchor>
                  </>
                }
              />
            </Flex>
          </Box>
          <HomePreview />
        </Grid>
      </chakra.section>

      <chakra.section aria-labelledby="home-areas">
        <SectionHeading id="home-areas" lead={t('areas.lead')}>
          {t('areas.title')}
        </SectionHeading>
        <Grid
          as="ul"
          templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }}
          gap="4"
          listStyleType="none"
          margin="0"
          padding="0"
        >
          {AREAS.map(({ key, Icon }) => (
            <chakra.li
              key={key}
              display="flex"
              flexDirection="column"
              padding="6"
              bg="bg.surface"
              borderWidth="1px"
              borderColor="border.subtle"
              borderRadius="lg"
            >
              <Flex
                alignItems="center"
                justifyContent="center"
                width="10"
                height="10"
                marginBottom="4"
                borderRadius="md"
                bg="bg.raised"
                color="accent.fg"
              >
                <Icon />
              </Flex>
              <chakra.h3 fontSize="lg" fontWeight="semibold" marginBottom="2">
                {t(`areas.${key}.title`)}
              </chakra.h3>
              <chakra.p color="fg.muted" lineHeight="relaxed" marginBottom="5">
                {t(`areas.${key}.body`)}
              </chakra.p>
              <Flex
                as="ul"
                wrap="wrap"
                gap="2"
                marginTop="auto"
                padding="0"
                listStyleType="none"
                fontSize="xs"
              >
                {POINTS.map((point) => (
                  <chakra.li
                    key={point}
                    paddingX="2.5"
                    paddingY="1"
                    borderRadius="full"
                    borderWidth="1px"
                    borderColor="border.default"
                    color="fg.muted"
                  >
                    {t(`areas.${key}.points.${point}`)}
                  </chakra.li>
                ))}
              </Flex>
            </chakra.li>
          ))}
        </Grid>
      </chakra.section>

      <chakra.section id={HOW_IT_WORKS_ID} aria-labelledby="home-steps" scrollMarginTop="6">
        <SectionHeading id="home-steps">{t('steps.title')}</SectionHeading>
        <Grid
          as="ol"
          templateColumns={{
            base: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          }}
          gap={{ base: '6', lg: '4' }}
          listStyleType="none"
          margin="0"
          padding="0"
        >
          {STEPS.map((step, index) => (
            <chakra.li key={step} borderTopWidth="2px" borderColor="border.default" paddingTop="4">
              <chakra.span
                aria-hidden="true"
                display="block"
                marginBottom="2"
                color="accent.fg"
                fontSize="sm"
                fontWeight="semibold"
                fontVariantNumeric="tabular-nums"
              >
                {String(index + 1).padStart(2, '0')}
              </chakra.span>
              <chakra.h3 fontSize="md" fontWeight="semibold" marginBottom="1.5">
                {t(`steps.${step}.title`)}
              </chakra.h3>
              <chakra.p color="fg.muted" fontSize="sm" lineHeight="relaxed">
                {t(`steps.${step}.body`)}
              </chakra.p>
            </chakra.li>
          ))}
        </Grid>
      </chakra.section>

      <chakra.section aria-labelledby="home-notes">
        <SectionHeading id="home-notes">{t('notes.title')}</SectionHeading>
        <Grid
          as="ul"
          templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }}
          gap="4"
          listStyleType="none"
          margin="0"
          padding="0"
        >
          <Note title={t('notes.demo.title')}>{t('notes.demo.body')}</Note>
          <Note title={t('notes.privacy.title')}>
            {t('notes.privacy.body')} <TextLink to="/privacy/">{t('notes.privacy.link')}</TextLink>
          </Note>
          <Note title={t('notes.advice.title')}>
            {t('notes.advice.body')} <TextLink to="/terms/">{t('notes.advice.link')}</TextLink>
          </Note>
        </Grid>
      </chakra.section>

      <chakra.section
        aria-labelledby="home-closing"
        padding={{ base: '6', md: '10' }}
        bg="bg.surface"
        borderWidth="1px"
        borderColor="border.subtle"
        borderRadius="xl"
        textAlign={{ md: 'center' }}
      >
        <chakra.h2
          id="home-closing"
          fontSize={{ base: '2xl', md: '3xl' }}
          fontWeight="bold"
          letterSpacing="tight"
        >
          <SessionParts
            status={status}
            as="span"
            display="contents"
            member={t('closing.signedInTitle')}
            visitor={t('closing.title')}
          />
        </chakra.h2>
        <chakra.p
          marginTop="3"
          marginX={{ md: 'auto' }}
          maxWidth="prose"
          color="fg.muted"
          lineHeight="relaxed"
        >
          <SessionParts
            status={status}
            as="span"
            display="contents"
            member={t('closing.signedInBody')}
            visitor={t('closing.body')}
          />
        </chakra.p>
        <Flex marginTop="6" gap="3" wrap="wrap" justifyContent={{ md: 'center' }}>
          <SessionParts
            status={status}
            display="contents"
            member={areaLinks}
            visitor={
              <CallLink size="lg" to="/?t=login">
                {t('closing.signIn')}
              </CallLink>
            }
          />
        </Flex>
      </chakra.section>
    </Flex>
  );
}

function SectionHeading({
  id,
  lead,
  children,
}: {
  id: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <Box marginBottom="8">
      <chakra.h2
        id={id}
        fontSize={{ base: '2xl', md: '3xl' }}
        fontWeight="bold"
        letterSpacing="tight"
      >
        {children}
      </chakra.h2>
      {lead && (
        <chakra.p marginTop="2" color="fg.muted">
          {lead}
        </chakra.p>
      )}
    </Box>
  );
}

function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <chakra.li padding="5" borderRadius="lg" borderWidth="1px" borderColor="border.subtle">
      <chakra.h3 fontSize="md" fontWeight="semibold" marginBottom="1.5">
        {title}
      </chakra.h3>
      <chakra.p color="fg.muted" fontSize="sm" lineHeight="relaxed">
        {children}
      </chakra.p>
    </chakra.li>
  );
}

function ChartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none">
      <path
        d="M4 4v16h16M7.5 14.5l3.5-4 3 3 5-6.5"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function SignalIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none">
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <path
        d="M8.2 8.2a5.4 5.4 0 0 0 0 7.6M15.8 8.2a5.4 5.4 0 0 1 0 7.6M5.3 5.3a9.5 9.5 0 0 0 0 13.4M18.7 5.3a9.5 9.5 0 0 1 0 13.4"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
      />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none">
      <path
        d="M5 5.5h14a1.5 1.5 0 0 1 1.5 1.5v8.5a1.5 1.5 0 0 1-1.5 1.5h-7.5L7 20.5V17H5a1.5 1.5 0 0 1-1.5-1.5V7A1.5 1.5 0 0 1 5 5.5Z"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
      <path d="M8 10h8M8 13h5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}
