import { Layout } from './Layout';
import { StatusContent, type StatusContentProps } from './StatusContent';

/** An error page: the default layout around `StatusContent`. */
export function StatusPage(props: StatusContentProps) {
  return (
    <Layout>
      <StatusContent {...props} />
    </Layout>
  );
}
