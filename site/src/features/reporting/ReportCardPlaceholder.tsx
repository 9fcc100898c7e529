// A card-shaped placeholder while the follow list loads: the design system's ReportCard in its
// loading state (placeholders the size of the ready layout, with the same headings and range
// switch), so the cards that replace it take the same room. Nothing is known of the coin yet, so
// its header shows no name, price or button, and nothing in it can be reached.
import { ReportCard } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { INDICATOR_PLACEHOLDERS, RANGES, REPORT_SOURCES_MAX } from './cardLayout';
import { TOUCH_SIZES } from './touchSizes';

const NOTHING = () => {};
// React 18 does not know `inert` yet: as a string it reaches the DOM as the attribute.
const INERT = { inert: '' } as Record<string, string>;

export interface ReportCardPlaceholderProps {
  /** The size of a touch-sized card (CoinReportCard's `touch`, the phone's report view). */
  touch?: boolean;
}

export function ReportCardPlaceholder({ touch = false }: ReportCardPlaceholderProps) {
  const { t } = useTranslation('reporting');
  return (
    <Box
      aria-hidden="true"
      {...INERT}
      // Keeps the room of the header's price line and button without showing "—" or a control.
      css={{
        '& header > *:not(:first-child)': { visibility: 'hidden' },
        ...(touch ? TOUCH_SIZES : {}),
      }}
    >
      <ReportCard.Root
        coin={{ id: 0, name: '\u00a0', symbol: '', price: null, change24h: null }}
        status="loading"
      >
        <ReportCard.Header asOfLabel={'\u00a0'} unfollowLabel="" onUnfollow={NOTHING} />
        <ReportCard.Body>
          <ReportCard.Main>
            <ReportCard.Ranges
              ranges={RANGES.map((value) => ({ value, label: t(`card.ranges.${value}`) }))}
              value=""
              onValueChange={NOTHING}
              label={t('card.range')}
            />
            <ReportCard.Chart />
            <ReportCard.Summary title={t('card.summary')} />
          </ReportCard.Main>
          <ReportCard.Aside>
            <ReportCard.Indicators
              title={t('card.indicators')}
              indicators={[]}
              placeholders={INDICATOR_PLACEHOLDERS}
            />
            <ReportCard.Signals title={t('card.signals')} signals={[]} emptyLabel="" />
          </ReportCard.Aside>
          <ReportCard.Footer>
            <ReportCard.Sources
              title={t('card.sources')}
              sources={[]}
              emptyLabel=""
              placeholders={REPORT_SOURCES_MAX}
            />
          </ReportCard.Footer>
        </ReportCard.Body>
      </ReportCard.Root>
    </Box>
  );
}
