// A monitored source as the site shows it, in the monitoring list and the add-monitoring dialog
// alike: every part of the design system's MonitorCard, in the page's language.
import { MonitorCard, type MonitorCardRootProps } from '@coinlens/design-system';
import { apiAssetUrl } from '../../data/client';
import { useMonitorCardLabels } from './labels';

export type SourceCardProps = Omit<
  MonitorCardRootProps,
  'children' | 'todayLabel' | 'unreadLabel' | 'unavailableLabel' | 'locale'
>;

/**
 * The card of a source: its logo (from the API's host), author, title, state with its start or
 * heat, the check mark when it can be picked, and the box of a source that has not started.
 */
export function SourceCard({ source, ...rest }: SourceCardProps) {
  const labels = useMonitorCardLabels();
  return (
    <MonitorCard.Root
      {...labels.root}
      source={source.logo ? { ...source, logo: apiAssetUrl(source.logo) } : source}
      {...rest}
    >
      <MonitorCard.Control>
        <MonitorCard.Logo />
        <MonitorCard.Body>
          <MonitorCard.Author />
          <MonitorCard.Title />
          <MonitorCard.Status labels={labels.statusLabels}>
            <MonitorCard.Time />
            <MonitorCard.Heat label={labels.heatLabel} />
          </MonitorCard.Status>
        </MonitorCard.Body>
        <MonitorCard.Indicator />
      </MonitorCard.Control>
      <MonitorCard.Details checkLabel={labels.checkLabel} newTabLabel={labels.newTabLabel} />
    </MonitorCard.Root>
  );
}
