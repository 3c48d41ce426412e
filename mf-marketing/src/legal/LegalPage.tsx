import { Alert, Box, Container, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { MarketingHeader } from '../common/MarketingHeader';
import type { LegalDocument } from './documents';

/**
 * A static legal page. The texts are placeholders until the legal wording is written: they are
 * shown as such so nobody mistakes them for binding terms.
 */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <Stack gap="10">
        <MarketingHeader eyebrow="Legal" title={doc.title}>
          Last updated: {doc.updated}
        </MarketingHeader>
        <Alert.Root status="warning" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Placeholder text</Alert.Title>
            <Alert.Description>
              This document has not been finalised. Bracketed passages will be replaced by the final legal text.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Stack as="article" gap="8">
          {doc.sections.map((section, i) => (
            <Box as="section" key={section.heading} aria-labelledby={`legal-${i}`}>
              <Heading id={`legal-${i}`} as="h2" size="lg" mb="3">
                {i + 1}. {section.heading}
              </Heading>
              <Stack gap="3">
                {section.paragraphs.map((p) => (
                  <Text key={p} color="fg.muted" lineHeight="tall">
                    {p}
                  </Text>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
        <Text color="fg.muted" fontSize="sm">
          Questions about this document?{' '}
          <ChakraLink asChild color="brand.fg">
            <Link to="/contact">Contact us</Link>
          </ChakraLink>
          .
        </Text>
      </Stack>
    </Container>
  );
}
