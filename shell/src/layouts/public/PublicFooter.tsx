import { Box, Container, Flex, HStack, Heading, IconButton, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { BrandMark } from './BrandMark';
import { FOOTER_COLUMNS, SOCIAL_LINKS } from './footerLinks';
import { SOCIAL_ICONS } from './SocialIcons';
import { useSiteName } from './useSiteName';

export function PublicFooter() {
  const year = new Date().getFullYear();
  const siteName = useSiteName();
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle">
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '8', md: '10' }}>
          <Stack gap="4" gridColumn={{ base: 'span 2', md: 'span 1' }}>
            <BrandMark />
            <Text color="fg.muted" fontSize="sm" maxW="xs">
              Documents in, structured data out. OCR, chunking and extraction in one pipeline.
            </Text>
            <HStack gap="1" aria-label="Social media">
              {SOCIAL_LINKS.map((s) => {
                const SocialIcon = SOCIAL_ICONS[s.icon];
                return (
                  <IconButton key={s.icon} asChild variant="ghost" size="sm" color="fg.muted" aria-label={s.label}>
                    <a href={s.href} target="_blank" rel="noopener noreferrer">
                      <SocialIcon />
                    </a>
                  </IconButton>
                );
              })}
            </HStack>
          </Stack>
          {FOOTER_COLUMNS.map((col) => (
            <Stack key={col.title} as="nav" aria-label={col.title} gap="3">
              <Heading as="h2" size="sm">
                {col.title}
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none">
                {col.links.map((link) => (
                  <li key={link.to}>
                    <ChakraLink asChild color="fg.muted" fontSize="sm" _hover={{ color: 'fg' }}>
                      <Link to={link.to}>{link.label}</Link>
                    </ChakraLink>
                  </li>
                ))}
              </Stack>
            </Stack>
          ))}
        </SimpleGrid>
        <Flex mt="10" pt="6" borderTopWidth="1px" justify="space-between" gap="2" direction={{ base: 'column', sm: 'row' }}>
          <Text color="fg.muted" fontSize="sm">
            © {year} {siteName}. All rights reserved.
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Self-hostable document-to-data platform.
          </Text>
        </Flex>
      </Container>
    </Box>
  );
}
