// /jobs/{jobId}/file/{fileId}: placeholder file viewer on sample records keyed 1-4.
import { Box, Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { CopyButton, EmptyState, formatTokens, paths } from '@quarry/shared';
import { useParams } from 'react-router';
import { SectionCard, Stat, StatGrid } from '../common/cards';
import { BackLink } from '../common/monitorParts';
import { SampleHeading } from './SampleHeading';
import { SAMPLE_FILE_DETAILS, download, toCsv } from './sampleData';

export default function JobFilePage() {
  const { jobId = '', fileId = '' } = useParams();
  const f = SAMPLE_FILE_DETAILS[fileId];
  if (!f) {
    return (
      <Stack gap="4">
        <BackLink to={paths.jobs.file(jobId)} label="Back to files" />
        <EmptyState title="File Not Found" description="There is no sample file with this id." />
      </Stack>
    );
  }
  const json = JSON.stringify(f.records, null, 2);
  const csv = toCsv(['revenue', 'expenses', 'date', 'category'], f.records.map((r) => [r.revenue, r.expenses, r.date, r.category]));
  return (
    <Stack gap="5">
      <BackLink to={paths.jobs.file(jobId)} label="Back to files" />
      <SampleHeading notice="Sample: a fixed financial-report example, not one of your files." name={f.name} status={f.status} />
      <StatGrid>
        <Stat label="OCR time" value={f.ocrTime} />
        <Stat label="Extraction time" value={f.extractionTime} />
        <Stat label="Tokens" value={formatTokens(f.tokens)} />
      </StatGrid>
      {f.status === 'completed' ? (
        <HStack>
          <Button size="sm" variant="outline" onClick={() => download(`file-${f.id}.json`, json, 'application/json')}>
            Download JSON
          </Button>
          <Button size="sm" variant="outline" onClick={() => download(`file-${f.id}.csv`, csv, 'text/csv')}>
            Download CSV
          </Button>
        </HStack>
      ) : null}
      <SectionCard title="OCR text" actions={<CopyButton text={f.ocrText} label="Copy" />}>
        <Box borderWidth="1px" borderRadius="md" p="2" bg="bg.muted">
          <Code as="pre" whiteSpace="pre-wrap" bg="transparent">
            {f.ocrText || 'No text yet'}
          </Code>
        </Box>
      </SectionCard>
      <SectionCard title="Raw JSON" actions={<CopyButton text={json} label="Copy" />}>
        <Code as="pre" whiteSpace="pre-wrap" display="block" p="2">
          {json}
        </Code>
      </SectionCard>
      <SectionCard title="Structured records">
        {f.records.length === 0 ? (
          <Text color="fg.muted">No records yet</Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  {['Revenue', 'Expenses', 'Date', 'Category'].map((h) => (
                    <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {f.records.map((r, i) => (
                  <Table.Row key={i}>
                    <Table.Cell>{r.revenue.toLocaleString('en-US')}</Table.Cell>
                    <Table.Cell>{r.expenses.toLocaleString('en-US')}</Table.Cell>
                    <Table.Cell>{r.date}</Table.Cell>
                    <Table.Cell>{r.category}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </SectionCard>
    </Stack>
  );
}
