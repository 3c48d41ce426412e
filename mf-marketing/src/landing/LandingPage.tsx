import { Badge, Box, Card, Container, Flex, HStack, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ButtonLink } from '@quarry/shared';
import { ArrowRight, Braces, Check, FileText, Files, Layers, ScanText, Scissors, Sparkles, Webhook } from 'lucide-react';
import type { ComponentType } from 'react';
import { useScrollToHash } from '../common/useScrollToHash';
import { IconTile } from '../common/IconTile';

interface Feature {
  title: string;
  text: string;
  icon: ComponentType;
}

/** The claimed features. Marketing claims only. */
export const FEATURES: readonly Feature[] = [
  {
    title: 'Document processing',
    text: 'Upload PDFs and scans, group them into datasets and track every document from upload to result.',
    icon: FileText,
  },
  {
    title: 'OCR',
    text: 'Recognise text in scanned pages and photos, line by line, before anything else happens.',
    icon: ScanText,
  },
  {
    title: 'Batch extraction',
    text: 'Run one prompt over a whole dataset as a background job and follow its progress live.',
    icon: Layers,
  },
  {
    title: 'Custom schema',
    text: 'Describe the fields you need once as an output schema; every result is checked against it.',
    icon: Braces,
  },
  {
    title: '50+ file formats',
    text: 'Bring PDFs, scans and photos in the formats your team already uses.',
    icon: Files,
  },
  {
    title: 'API with webhooks',
    text: 'Drive everything from your own code and get notified when a job finishes.',
    icon: Webhook,
  },
];

const PIPELINE = [
  { step: '1', title: 'OCR', text: 'Text is recognised in every page.', icon: ScanText },
  { step: '2', title: 'Chunking', text: 'The text is split into meaningful chunks.', icon: Scissors },
  { step: '3', title: 'Extraction', text: 'A language model fills your schema.', icon: Sparkles },
];

const FREE_TIER = ['3 projects', '1 team member', 'The full OCR → chunking → extraction pipeline'];

function Hero() {
  return (
    <Box as="section" bg="bg.subtle" borderBottomWidth="1px" aria-labelledby="hero-title">
      <Container maxW="6xl" py={{ base: '16', md: '24' }}>
        <Stack gap="6" align="center" textAlign="center" maxW="3xl" mx="auto">
          <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" px="3">
            Free tier available
          </Badge>
          <Heading id="hero-title" as="h1" size={{ base: '4xl', md: '6xl' }} letterSpacing="tight" lineHeight="1.1">
            Documents in,{' '}
            <Box as="span" color="brand.fg">
              structured data
            </Box>{' '}
            out
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl">
            Quarry reads your PDFs and images with OCR, splits them into chunks and lets a language model fill the fields
            you define — so invoices, forms and reports become rows you can use.
          </Text>
          <Flex gap="3" direction={{ base: 'column', sm: 'row' }} w={{ base: 'full', sm: 'auto' }}>
            <ButtonLink to="/signup" size="lg" colorPalette="brand">
              Start Extracting Data <ArrowRight />
            </ButtonLink>
            <ButtonLink to="/pricing" size="lg" variant="outline">View Pricing</ButtonLink>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Start on the free tier — no credit card required.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function Pipeline() {
  return (
    <Container as="section" maxW="6xl" py={{ base: '12', md: '16' }} aria-labelledby="pipeline-title">
      <Stack gap="8">
        <Stack gap="2" textAlign="center">
          <Heading id="pipeline-title" as="h2" size="2xl">
            One pipeline, three stages
          </Heading>
          <Text color="fg.muted">Every document goes through the same steps, in the background.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {PIPELINE.map((s) => (
            <HStack key={s.step} gap="4" p="5" borderWidth="1px" rounded="l3" bg="bg.panel" align="flex-start">
              <Flex
                flexShrink={0}
                boxSize="10"
                rounded="full"
                align="center"
                justify="center"
                bg="brand.subtle"
                color="brand.fg"
                fontWeight="bold"
                aria-hidden
              >
                {s.step}
              </Flex>
              <Stack gap="1">
                <HStack gap="2">
                  <Icon color="brand.fg" size="sm">
                    <s.icon />
                  </Icon>
                  <Text fontWeight="semibold">{s.title}</Text>
                </HStack>
                <Text color="fg.muted" fontSize="sm">
                  {s.text}
                </Text>
              </Stack>
            </HStack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function FeatureGrid() {
  return (
    <Box as="section" id="features" bg="bg.subtle" borderYWidth="1px" scrollMarginTop="20" aria-labelledby="features-title">
      <Container maxW="6xl" py={{ base: '12', md: '20' }}>
        <Stack gap="10">
          <Stack gap="2" textAlign="center" maxW="2xl" mx="auto">
            <Heading id="features-title" as="h2" size="2xl">
              Everything you need to extract data
            </Heading>
            <Text color="fg.muted">From a pile of scans to validated JSON, without writing a parser.</Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
            {FEATURES.map((f) => (
              <Card.Root key={f.title} variant="elevated" size="sm">
                <Card.Body gap="3">
                  <IconTile icon={f.icon} />
                  <Card.Title as="h3">{f.title}</Card.Title>
                  <Card.Description>{f.text}</Card.Description>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}

function FreeTier() {
  return (
    <Container as="section" maxW="6xl" py={{ base: '12', md: '20' }} aria-labelledby="free-tier-title">
      <Flex
        direction={{ base: 'column', md: 'row' }}
        gap="8"
        align={{ base: 'stretch', md: 'center' }}
        justify="space-between"
        p={{ base: '6', md: '10' }}
        rounded="l3"
        borderWidth="1px"
        borderColor="brand.border"
        bg="brand.subtle"
      >
        <Stack gap="3">
          <Heading id="free-tier-title" as="h2" size="2xl">
            Start free, upgrade when you grow
          </Heading>
          <Text color="fg.muted">The free tier includes:</Text>
          <Stack as="ul" gap="2" listStyleType="none">
            {FREE_TIER.map((item) => (
              <HStack as="li" key={item} gap="2">
                <Icon color="brand.fg" size="sm">
                  <Check />
                </Icon>
                <Text>{item}</Text>
              </HStack>
            ))}
          </Stack>
        </Stack>
        <Stack gap="3" minW={{ md: '56' }}>
          <ButtonLink to="/signup" size="lg" colorPalette="brand">Create a free account</ButtonLink>
          <ButtonLink to="/pricing" size="lg" variant="outline" bg="bg">Compare plans</ButtonLink>
        </Stack>
      </Flex>
    </Container>
  );
}

export default function LandingPage() {
  useScrollToHash();
  return (
    <>
      <Hero />
      <Pipeline />
      <FeatureGrid />
      <FreeTier />
    </>
  );
}
