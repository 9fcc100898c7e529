import { Card, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { graphql, type HeadFC } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Layout } from '../components/Layout';

interface LocalesData {
  locales: { edges: { node: { ns: string; data: string; language: string } }[] };
}

const CARDS = ['follow', 'reports', 'monitor'] as const;

export default function IndexPage() {
  const { t } = useTranslation('index');
  return (
    <Layout>
      <Container maxW="6xl" py="10">
        <Heading as="h1" fontSize="4xl" fontWeight="bold" mb="4">
          {t('title')}
        </Heading>
        <Text fontSize="lg" color="fg.muted" mb="10">
          {t('intro')}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {CARDS.map((card) => (
            <Card.Root key={card}>
              <Card.Body>
                <Card.Title as="h2">{t(`cards.${card}.title`)}</Card.Title>
                <Card.Description>{t(`cards.${card}.text`)}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Layout>
  );
}

// useTranslation does not work in Head: its strings come from the page query.
export const Head: HeadFC<LocalesData, { language: string }> = ({ data, pageContext }) => {
  const page = data.locales.edges.find(({ node }) => node.ns === 'index');
  const strings = JSON.parse(page?.node.data ?? '{}') as { meta?: { title?: string } };
  return (
    <>
      <html lang={pageContext.language} />
      <title>{strings.meta?.title}</title>
    </>
  );
};

export const query = graphql`
  query ($language: String!) {
    locales: allLocale(filter: { language: { eq: $language } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;
