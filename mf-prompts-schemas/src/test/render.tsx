// Test harness: the app's Chakra system (the shared one), for component tests of this remote.
import '@testing-library/jest-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@quarry/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

export const renderUi = (ui: ReactElement) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);
