// Where new jobs start: a "New job" menu for the page header and the four job areas as
// compact cards (with the wizard and quick links) beside the jobs list.
import { Box, Button, Card, HStack, Heading, Menu, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { paths, ButtonLink } from '@quarry/shared';
import { ChevronDown, FileText, Layers, Plus, ScanText, Wand2, Workflow, type LucideIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';

const AREAS: { title: string; description: string; to: string; icon: LucideIcon; cta: string }[] = [
  { title: 'Pipeline', description: 'OCR → Chunking → Extraction over a dataset or chosen files.', to: paths.jobs.pipeline, icon: Workflow, cta: 'Open Pipeline Jobs' },
  { title: 'OCR', description: 'Recognise the text of a scanned PDF or image.', to: paths.jobs.ocr, icon: ScanText, cta: 'Open OCR Jobs' },
  { title: 'Chunking', description: 'Split recognised text into text and table chunks.', to: paths.jobs.chunking, icon: Layers, cta: 'Open Chunking Jobs' },
  { title: 'Extraction', description: 'Extract structured data from chunks with a prompt.', to: paths.jobs.extraction, icon: FileText, cta: 'Open Extraction Jobs' },
];

const QUICK_LINKS = [
  { label: 'Upload files', to: paths.files.uploads },
  { label: 'Files & Datasets', to: paths.files.index },
  { label: 'Prompts', to: paths.prompts.index },
];

/** The header's "New job" menu: each job area's form, and the wizard. */
export function NewJobMenu() {
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => navigate(d.value)}>
      <Menu.Trigger asChild>
        <Button colorPalette="brand" size="sm">
          <Plus size={16} aria-hidden /> New job <ChevronDown size={16} aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="14rem">
            {AREAS.map((a) => (
              <Menu.Item key={a.to} value={a.to}>
                <a.icon size={16} aria-hidden /> {a.title} job
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value={paths.jobs.create}>
              <Wand2 size={16} aria-hidden /> Guided wizard
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The job areas as cards, the wizard and quick links: the secondary part of /jobs. */
export function StartJobSection() {
  return (
    <Stack gap="4" as="section" aria-labelledby="start-job-heading">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading size="md" as="h2" id="start-job-heading">
          Start a job
        </Heading>
        <HStack gap="2" wrap="wrap">
          <ButtonLink to={paths.jobs.create} variant="outline" size="sm">
            <Wand2 size={16} aria-hidden /> Create a job (wizard)
          </ButtonLink>
          {QUICK_LINKS.map((l) => (
            <Button key={l.to} asChild variant="ghost" size="sm">
              <Link to={l.to}>{l.label}</Link>
            </Button>
          ))}
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {AREAS.map((c) => (
          <Card.Root key={c.title} size="sm" data-testid={`hub-card-${c.title.toLowerCase()}`}>
            <Card.Body>
              <Stack gap="2">
                <HStack gap="2">
                  <Box color="brand.solid">
                    <c.icon size={20} aria-hidden />
                  </Box>
                  <Heading size="sm" as="h3">
                    {c.title}
                  </Heading>
                </HStack>
                <Text color="fg.muted" fontSize="sm">
                  {c.description}
                </Text>
              </Stack>
            </Card.Body>
            <Card.Footer>
              <ButtonLink to={c.to} size="xs" variant="outline">{c.cta}</ButtonLink>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
