// A framed panel beside the record (checks, corrections): a named section under a small heading.
import { Box, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SidePanel({ label, heading, children }: { label: string; heading: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={label} borderWidth="1px" borderRadius="md" p="3">
      <Heading size="sm" mb="2">
        {heading}
      </Heading>
      {children}
    </Box>
  );
}
