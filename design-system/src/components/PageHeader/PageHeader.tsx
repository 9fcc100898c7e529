import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import { forwardRef, type ReactNode, type Ref } from 'react';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { pageHeaderRecipe } from './PageHeader.recipe';

export interface PageHeaderProps extends Omit<HTMLChakraProps<'header'>, 'title'> {
  /** The page's one `h1`. */
  title: ReactNode;
  /** A sentence under the heading that says what the page is for. */
  lead?: ReactNode;
  /** The page's main action, e.g. an "Add" button; on a narrow screen it goes under the text. */
  actions?: ReactNode;
  /**
   * The heading's element, for a page that moves the focus to it (after a removal that took the
   * focused element away). The heading can take the focus from a script only.
   */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The top of an area's page (Reporting, Monitoring): heading, lead and main action. */
export const PageHeader = forwardRef<HTMLElement, PageHeaderProps>(function PageHeader(
  { title, lead, actions, headingRef, ...rest },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(pageHeaderRecipe, {});
  return (
    <>
      {rules}
      <chakra.header ref={ref} css={styles.root} data-part="page-header" {...rest}>
        <div className={classes.text}>
          <h1 ref={headingRef} className={classes.heading} tabIndex={-1}>
            {title}
          </h1>
          {lead && <p className={classes.lead}>{lead}</p>}
        </div>
        {actions && <div className={classes.actions}>{actions}</div>}
      </chakra.header>
    </>
  );
});
