import { Alert, Box, Card, Container, Flex, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Compass, Heart, ShieldCheck, Target, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { MarketingHeader } from '../common/MarketingHeader';
import { IconTile } from '../common/IconTile';

// The company's story and values are not written yet, so this page carries placeholder text.
// The mission is the product description; the story and values are clearly marked as drafts.

const VALUES: { title: string; text: string; icon: ComponentType }[] = [
  { title: 'Accuracy first', text: '[Value description to be written: why correct data matters more than fast data.]', icon: Target },
  { title: 'Your data stays yours', text: '[Value description to be written: privacy, self-hosting and data ownership.]', icon: ShieldCheck },
  { title: 'Built with customers', text: '[Value description to be written: how feedback shapes the roadmap.]', icon: Users },
  { title: 'Care in the details', text: '[Value description to be written: the craft behind the product.]', icon: Heart },
];

function Section({ id, title, icon, children }: { id: string; title: string; icon: ComponentType; children: React.ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Stack gap="4">
        <Flex gap="3" align="center">
          <IconTile icon={icon} />
          <Heading id={id} as="h2" size="xl">
            {title}
          </Heading>
        </Flex>
        {children}
      </Stack>
    </Box>
  );
}

export default function AboutPage() {
  return (
    <Container maxW="4xl" py={{ base: '12', md: '20' }}>
      <Stack gap="12">
        <MarketingHeader eyebrow="About us" title="About Quarry">
          We help teams turn the documents they already have into data they can use.
        </MarketingHeader>

        <Alert.Root status="info" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This page is a draft</Alert.Title>
            <Alert.Description>Parts of our story are still being written. Bracketed text marks placeholders.</Alert.Description>
          </Alert.Content>
        </Alert.Root>

        <Section id="about-mission" title="Our mission" icon={Target}>
          <Text color="fg.muted" fontSize="lg">
            Documents hold a huge share of the world&apos;s information, but most of it is locked in PDFs and scans. Our
            mission is to make extracting structured data from any document as simple as uploading a file: OCR, chunking
            and language-model extraction in one pipeline, checked against the schema you define.
          </Text>
        </Section>

        <Section id="about-story" title="Our story" icon={Compass}>
          <Stack gap="3" color="fg.muted">
            <Text>[Founding story placeholder: who started Quarry, when, and which problem they could not stop thinking about.]</Text>
            <Text>[Milestones placeholder: first customers, first million pages processed, the team today.]</Text>
          </Stack>
        </Section>

        <Section id="about-values" title="Our values" icon={Heart}>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {VALUES.map((v) => (
              <Card.Root key={v.title} size="sm" variant="outline">
                <Card.Body gap="2">
                  <Flex gap="2" align="center">
                    <Icon color="brand.fg" size="sm">
                      <v.icon />
                    </Icon>
                    <Card.Title as="h3" fontSize="md">
                      {v.title}
                    </Card.Title>
                  </Flex>
                  <Card.Description>{v.text}</Card.Description>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Section>
      </Stack>
    </Container>
  );
}
