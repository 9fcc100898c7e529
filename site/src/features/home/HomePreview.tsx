// The hero's illustration: a miniature of the product (coins with their trend, a live source with
// its heat, a chat) drawn with CSS and inline SVG. Decorative, so hidden from assistive
// technology; it shows no prices so that nobody mistakes it for market data.
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';

type Trend = 'up' | 'down';

/** Sparkline heights (0 low, 10 high), left to right. */
const COINS: ReadonlyArray<{ symbol: string; trend: Trend; line: readonly number[] }> = [
  { symbol: 'BTC', trend: 'up', line: [3, 4, 3.5, 5, 4.6, 6, 5.8, 7.4, 7, 8.6] },
  { symbol: 'ETH', trend: 'down', line: [7.5, 7, 7.6, 6.2, 6.5, 5.1, 5.4, 4, 4.4, 3.2] },
  { symbol: 'SOL', trend: 'up', line: [2.5, 3.2, 2.8, 4.4, 3.9, 4.8, 6.1, 5.6, 6.8, 7.2] },
];

const HEAT = [3, 5, 4, 7, 6, 9, 8];

/** SVG polyline points for `values` in a 100 × 24 box. */
function sparkline(values: readonly number[]): string {
  const step = 100 / (values.length - 1);
  return values.map((v, i) => `${(i * step).toFixed(1)},${(22 - v * 2).toFixed(1)}`).join(' ');
}

/** A line of text, drawn as a rounded bar. */
function Bar({ width, tone = 'bg.subtle' }: { width: string; tone?: string }) {
  return <Box height="2" width={width} borderRadius="full" bg={tone} opacity={0.7} />;
}

export function HomePreview() {
  const { t } = useTranslation('home');
  return (
    <Box
      aria-hidden="true"
      display={{ base: 'none', md: 'block' }}
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.subtle"
      borderRadius="xl"
      padding="5"
      fontSize="sm"
      userSelect="none"
    >
      <Flex justifyContent="space-between" alignItems="center" marginBottom="4">
        <Flex gap="1.5">
          <Box width="2.5" height="2.5" borderRadius="full" bg="bg.subtle" />
          <Box width="2.5" height="2.5" borderRadius="full" bg="bg.subtle" />
          <Box width="2.5" height="2.5" borderRadius="full" bg="bg.subtle" />
        </Flex>
        <chakra.span
          fontSize="xs"
          color="fg.muted"
          borderWidth="1px"
          borderColor="border.default"
          borderRadius="full"
          paddingX="2"
          paddingY="0.5"
        >
          {t('preview.example')}
        </chakra.span>
      </Flex>

      <Box borderWidth="1px" borderColor="border.subtle" borderRadius="lg" bg="bg.canvas">
        {COINS.map(({ symbol, trend, line }) => (
          <Flex
            key={symbol}
            alignItems="center"
            gap="4"
            paddingX="4"
            paddingY="3"
            _notFirst={{ borderTopWidth: '1px', borderColor: 'border.subtle' }}
          >
            <chakra.span width="10" fontWeight="semibold" color="fg.default">
              {symbol}
            </chakra.span>
            <chakra.svg
              viewBox="0 0 100 24"
              preserveAspectRatio="none"
              flex="1"
              height="8"
              color={trend === 'up' ? 'trend.up' : 'trend.down'}
            >
              <polyline
                points={sparkline(line)}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            </chakra.svg>
            <chakra.span color={trend === 'up' ? 'trend.up' : 'trend.down'} fontSize="xs">
              {trend === 'up' ? '▲' : '▼'}
            </chakra.span>
          </Flex>
        ))}
      </Box>

      <Flex
        marginTop="4"
        padding="4"
        gap="4"
        alignItems="center"
        borderWidth="1px"
        borderColor="border.subtle"
        borderRadius="lg"
        bg="bg.raised"
      >
        <Box flex="1" minWidth="0">
          <Flex alignItems="center" gap="2" marginBottom="2.5">
            <Box width="2" height="2" borderRadius="full" bg="status.success" />
            <chakra.span fontSize="xs" fontWeight="semibold" color="status.success">
              {t('preview.live')}
            </chakra.span>
          </Flex>
          <Flex direction="column" gap="1.5">
            <Bar width="80%" tone="border.default" />
            <Bar width="55%" />
          </Flex>
        </Box>
        <Box textAlign="end">
          <chakra.span display="block" fontSize="xs" color="fg.muted" marginBottom="1.5">
            {t('preview.heat')}
          </chakra.span>
          <Flex alignItems="flex-end" gap="1" height="8">
            {HEAT.map((level, i) => (
              <Box
                key={i}
                width="1.5"
                height={`${level * 10}%`}
                borderRadius="sm"
                bg="accent.solid"
              />
            ))}
          </Flex>
        </Box>
      </Flex>

      <Flex marginTop="4" direction="column" gap="2">
        <Box
          alignSelf="flex-end"
          width="60%"
          padding="3"
          borderRadius="lg"
          borderBottomEndRadius="sm"
          bg="accent.solid"
        >
          <Bar width="85%" tone="fg.onAccent" />
        </Box>
        <Flex
          alignSelf="flex-start"
          width="75%"
          padding="3"
          direction="column"
          gap="1.5"
          borderRadius="lg"
          borderBottomStartRadius="sm"
          bg="bg.raised"
        >
          <Bar width="90%" tone="border.default" />
          <Bar width="70%" tone="border.default" />
        </Flex>
      </Flex>
    </Box>
  );
}
