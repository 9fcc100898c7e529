import { ChakraProvider } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';
import { getSystem } from '../theme/system';

export interface CoinlensProviderProps {
  /** The part of the app that uses Coinlens components. */
  children?: ReactNode;
}

/** Makes the Coinlens styling system available to every component below it. */
export function CoinlensProvider({ children }: CoinlensProviderProps) {
  return <ChakraProvider value={getSystem()}>{children}</ChakraProvider>;
}
