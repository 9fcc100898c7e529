import { chakra } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';

/** The heading of a section of the mobile page; `id` is what the section is labelled by. */
export function SectionHeader({ id, children }: { id: string; children: ReactNode }) {
  return (
    <chakra.h2 id={id} fontSize="lg" fontWeight="semibold" letterSpacing="tight" marginBottom="3">
      {children}
    </chakra.h2>
  );
}
