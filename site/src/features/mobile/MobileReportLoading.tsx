// The report view while its code, the follow list or the report is on its way (and in the page's
// static HTML): the frame without a name, and a report card in its loading state, named for
// assistive technology.
import { Box } from '@chakra-ui/react/box';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { ReportCardPlaceholder } from '../reporting/ReportCardPlaceholder';
import { MobileReportFrame } from './MobileReportFrame';

export function MobileReportLoading({ fromSite = false }: { fromSite?: boolean }) {
  const { t } = useTranslation('mobile');
  return (
    <MobileReportFrame fromSite={fromSite}>
      <Box role="status" aria-busy="true" aria-label={t('report.loading')}>
        <ReportCardPlaceholder touch />
      </Box>
    </MobileReportFrame>
  );
}
