// /jobs: four cards leading to the job areas, plus quick links (spec 2 §2, spec 3 §2).
import { Box, Button, Card, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageHeader, paths } from '@quarry/shared';
import { FileText, Layers, ScanText, Workflow, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

const CARDS: { title: string; description: string; to: string; icon: LucideIcon; cta: string }[] = [
  { title: 'OCR', description: 'Recognise the text of a scanned PDF or image.', to: paths.jobs.ocr, icon: ScanText, cta: 'Open OCR Jobs' },
  { title: 'Chunking', description: 'Split recognised text into text and table chunks.', to: paths.jobs.chunking, icon: Layers, cta: 'Open Chunking Jobs' },
  { title: 'Extraction', description: 'Extract structured data from chunks with a prompt.', to: paths.jobs.extraction, icon: FileText, cta: 'Open Extraction Jobs' },
  { title: 'Pipeline', description: 'OCR → Chunking → Extraction over a whole dataset.', to: paths.jobs.pipeline, icon: Workflow, cta: 'Open Pipeline Jobs' },
];

const QUICK_LINKS = [
  { label: 'Create a job (wizard)', to: paths.jobs.create },
  { label: 'Upload files', to: paths.files.uploads },
  { label: 'Files & Datasets', to: paths.files.index },
  { label: 'Prompts', to: paths.prompts.index },
];

export default function JobsHubPage() {
  return (
    <Stack gap="6">
      <PageHeader title="Jobs" description="Start and watch OCR, chunking, extraction and full-pipeline jobs." />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {CARDS.map((c) => (
          <Card.Root key={c.title} data-testid={`hub-card-${c.title.toLowerCase()}`}>
            <Card.Body>
              <Stack gap="3">
                <HStack gap="3">
                  <Box color="brand.solid">
                    <c.icon size={24} aria-hidden />
                  </Box>
                  <Heading size="md" as="h2">
                    {c.title}
                  </Heading>
                </HStack>
                <Text color="fg.muted">{c.description}</Text>
              </Stack>
            </Card.Body>
            <Card.Footer>
              <Button asChild colorPalette="brand" size="sm">
                <Link to={c.to}>{c.cta}</Link>
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Card.Root>
        <Card.Header>
          <Heading size="sm" as="h2">
            Quick links
          </Heading>
        </Card.Header>
        <Card.Body>
          <HStack gap="2" wrap="wrap">
            {QUICK_LINKS.map((l) => (
              <Button key={l.to} asChild variant="outline" size="sm">
                <Link to={l.to}>{l.label}</Link>
              </Button>
            ))}
          </HStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
