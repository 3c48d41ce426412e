// /jobs/sample: the sample job detail kept as a demo: fixed sample data with simulated progress
// (up to 5% every 3 seconds), a simulated update feed, per-document cards, and JSON or CSV
// export of the summary while running or completed. Labelled "Sample" everywhere: it never
// stands in for a real job (a real id opens that job).
import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ClampedProgress, StatusBadge, formatPercentFraction, formatTime, formatTokens, paths, ButtonLink } from '@quarry/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SectionCard, Stat, StatGrid } from '../common/cards';
import { BackLink } from '../common/monitorParts';
import { SampleHeading } from './SampleHeading';
import { SAMPLE_FILES, SAMPLE_JOB, SAMPLE_JOB_ID, SIMULATED_INTERVAL_MS, download, nextSimulatedProgress, toCsv } from './sampleData';

export function SampleJobDetail() {
  const jobId = SAMPLE_JOB_ID;
  const [progress, setProgress] = useState(SAMPLE_JOB.progress);
  const [feed, setFeed] = useState<{ at: Date; text: string }[]>([]);
  const status = progress >= 100 ? 'completed' : SAMPLE_JOB.status;

  useEffect(() => {
    const t = setInterval(() => {
      setProgress((p) => {
        const next = nextSimulatedProgress(p);
        if (next !== p) setFeed((f) => [...f.slice(-19), { at: new Date(), text: `Progress ${Math.round(next)}%` }]);
        return next;
      });
    }, SIMULATED_INTERVAL_MS);
    return () => clearInterval(t);
  }, []);

  const summary = {
    job_id: jobId,
    name: SAMPLE_JOB.name,
    status,
    progress: Math.round(progress),
    documents: SAMPLE_JOB.documents,
    tables_found: SAMPLE_JOB.tablesFound,
    tokens: SAMPLE_JOB.tokens,
    success_rate: SAMPLE_JOB.successRate,
    ocr_time: SAMPLE_JOB.ocrTime,
    extraction_time: SAMPLE_JOB.extractionTime,
  };
  const canExport = status === 'completed' || status === 'running';

  return (
    <Stack gap="5">
      <BackLink to={paths.jobs.index} />
      <SampleHeading notice="Sample: this page shows a fixed example job with simulated progress, not one of your jobs." name={SAMPLE_JOB.name} status={status} />

      <SectionCard
        title="Progress"
        actions={
          canExport ? (
            <HStack>
              <Button size="xs" variant="outline" onClick={() => download(`job-${jobId}-summary.json`, JSON.stringify(summary, null, 2), 'application/json')}>
                Export JSON
              </Button>
              <Button size="xs" variant="outline" onClick={() => download(`job-${jobId}-summary.csv`, toCsv(Object.keys(summary), [Object.values(summary)]), 'text/csv')}>
                Export CSV
              </Button>
            </HStack>
          ) : null
        }
      >
        <Stack gap="4">
          <ClampedProgress value={progress} showValue label="Overall progress" />
          <StatGrid>
            <Stat label="Documents" value={SAMPLE_JOB.documents} />
            <Stat label="Tables found" value={SAMPLE_JOB.tablesFound} />
            <Stat label="Tokens" value={formatTokens(SAMPLE_JOB.tokens)} />
            <Stat label="Success rate" value={formatPercentFraction(SAMPLE_JOB.successRate)} />
            <Stat label="OCR time" value={SAMPLE_JOB.ocrTime} />
            <Stat label="Extraction time" value={SAMPLE_JOB.extractionTime} />
          </StatGrid>
        </Stack>
      </SectionCard>
      <SectionCard title="Configuration">
        <StatGrid>
          {Object.entries(SAMPLE_JOB.config).map(([k, v]) => (
            <Stat key={k} label={k} value={v} />
          ))}
        </StatGrid>
      </SectionCard>
      <SectionCard title="Live updates">
        <Box maxH="12rem" overflowY="auto">
          {feed.length === 0 ? (
            <Text color="fg.muted">Waiting for updates...</Text>
          ) : (
            feed.map((f, i) => (
              <Text key={i} fontSize="sm">
                {formatTime(f.at)} · {f.text}
              </Text>
            ))
          )}
        </Box>
      </SectionCard>
      <SectionCard title="Documents" actions={<Button asChild size="xs" variant="outline"><Link to={paths.jobs.file(jobId)}>All files</Link></Button>}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {SAMPLE_FILES.map((f) => (
            <Box key={f.id} borderWidth="1px" borderRadius="md" p="3">
              <HStack justify="space-between">
                <Text fontWeight="medium" truncate>
                  {f.name}
                </Text>
                <StatusBadge status={f.status} />
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {f.tables} tables · {formatTokens(f.tokens)} tokens
              </Text>
              <ClampedProgress value={f.progress} size="xs" />
              {f.status === 'completed' || f.status === 'processing' ? (
                <ButtonLink to={paths.jobs.jobFile(jobId, f.id)} size="xs" variant="ghost" mt="1">{f.status === 'completed' ? 'View Data' : 'View Progress'}</ButtonLink>
              ) : null}
            </Box>
          ))}
        </SimpleGrid>
      </SectionCard>
    </Stack>
  );
}
