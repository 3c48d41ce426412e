// /jobs/{jobId}/file: placeholder list of four sample files.
import { Alert, Badge, HStack, Heading, Stack, Table, Box } from '@chakra-ui/react';
import { StatusBadge, formatTokens, paths, ButtonLink } from '@quarry/shared';
import { useParams } from 'react-router';
import { BackLink } from '../common/monitorParts';
import { SAMPLE_FILES } from './sampleData';

export default function JobFilesPage() {
  const { jobId = '' } = useParams();
  return (
    <Stack gap="5">
      <BackLink to={paths.jobs.detail(jobId)} label="Back to job" />
      <Alert.Root status="info" size="sm">
        <Alert.Indicator />
        <Alert.Title>Sample: these files are a fixed example, not this job's files (a job's own files are on its monitor).</Alert.Title>
      </Alert.Root>
      <HStack gap="3">
        <Badge colorPalette="purple" variant="solid">
          Sample
        </Badge>
        <Heading size="lg" as="h1">
          Job files
        </Heading>
      </HStack>
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {['File', 'Status', 'Size', 'Type', 'Tables', 'Tokens', 'OCR time', 'Extraction time', ''].map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {SAMPLE_FILES.map((f) => (
              <Table.Row key={f.id}>
                <Table.Cell>{f.name}</Table.Cell>
                <Table.Cell>
                  <StatusBadge status={f.status} />
                </Table.Cell>
                <Table.Cell>{f.size}</Table.Cell>
                <Table.Cell>{f.type}</Table.Cell>
                <Table.Cell>{f.tables}</Table.Cell>
                <Table.Cell>{formatTokens(f.tokens)}</Table.Cell>
                <Table.Cell>{f.ocrTime}</Table.Cell>
                <Table.Cell>{f.extractionTime}</Table.Cell>
                <Table.Cell>
                  <HStack>
                    {f.status === 'completed' ? (
                      <ButtonLink to={paths.jobs.jobFile(jobId, f.id)} size="xs" variant="outline">View Data</ButtonLink>
                    ) : f.status === 'processing' ? (
                      <ButtonLink to={paths.jobs.jobFile(jobId, f.id)} size="xs" variant="outline">View Progress</ButtonLink>
                    ) : null}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
