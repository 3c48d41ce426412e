// OCR Results tab: the recognised text with line numbers and Copy, beside the
// document page it came from, page by page; the OCR error block (with Re-run OCR) when OCR failed.
import { Alert, Box, Button, Code, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { CopyButton, EmptyState, ErrorState, LoadingState, toAppError, toast } from '@quarry/shared';
import type { FileInfo, OcrLineItem } from '@quarry/shared/schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useOcrLines } from '../common/fileQueries';
import { DocumentPageView } from './DocumentPageView';
import { useFileContent, useOcrResult, useRerunOcr } from './queries';
import { useFilePageState } from './review/selection';

export function OcrTab({ file }: { file: FileInfo }) {
  const result = useOcrResult(file.id);
  const hasText = result.data?.success === true;
  const lines = useOcrLines(file.id, hasText);

  if (result.isPending) return <LoadingState text="Loading OCR results..." />;
  if (result.isError) return <ErrorState title="Could not load the OCR results" message={toAppError(result.error).message} onRetry={() => void result.refetch()} />;
  if (!hasText) {
    const failed = result.data.status === 'failed' || Boolean(result.data.error);
    return failed ? <OcrErrorBlock fileId={file.id} error={result.data.error} /> : <NoOcr fileId={file.id} running={result.data.status === 'running' || result.data.status === 'queued' || result.data.status === 'pending'} />;
  }
  if (lines.isPending) return <LoadingState text="Loading OCR text..." />;
  if (lines.isError) return <ErrorState title="Could not load the OCR text" message={toAppError(lines.error).message} onRetry={() => void lines.refetch()} />;
  return <OcrText file={file} lines={lines.data.lines} pageCount={Math.max(1, lines.data.page_count)} fullText={result.data.ocr_text ?? ''} />;
}

function RerunOcrButton({ fileId, label }: { fileId: string; label: string }) {
  const rerun = useRerunOcr(fileId);
  return (
    <Button
      size="sm"
      colorPalette="brand"
      loading={rerun.isPending}
      onClick={() =>
        rerun.mutate(undefined, {
          onSuccess: () => toast.success('OCR started', 'The OCR job has been queued.'),
          onError: (e) => toast.error('Error creating OCR job', toAppError(e).message),
        })
      }
    >
      {label}
    </Button>
  );
}

function OcrErrorBlock({ fileId, error }: { fileId: string; error: string | null }) {
  return (
    <Alert.Root status="error" alignItems="flex-start" borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>OCR failed</Alert.Title>
        <Alert.Description>{error ?? 'OCR did not produce a result for this file.'}</Alert.Description>
        <Box mt="3">
          <RerunOcrButton fileId={fileId} label="Re-run OCR" />
        </Box>
      </Alert.Content>
    </Alert.Root>
  );
}

function NoOcr({ fileId, running }: { fileId: string; running: boolean }) {
  return (
    <EmptyState
      title={running ? 'OCR is running' : 'No OCR results yet'}
      description={running ? 'The text appears here when the OCR job completes.' : 'Run OCR to recognise the text of this file.'}
      action={running ? undefined : <RerunOcrButton fileId={fileId} label="Run OCR" />}
    />
  );
}

function OcrText({ file, lines, pageCount, fullText }: { file: FileInfo; lines: OcrLineItem[]; pageCount: number; fullText: string }) {
  const [page, setPage] = useState(1);
  const content = useFileContent(file.id, true);
  const pageLines = useMemo(() => lines.filter((l) => l.page === page), [lines, page]);
  const copyText = fullText || lines.map((l) => l.text).join('\n');
  // a value's source chosen on the Extraction Results tab (in the URL): its page, its lines highlighted
  const { selection, clearSource } = useFilePageState();
  // (typed as a div: Chakra's Flex rendered as an li keeps the div's element type)
  const firstMarked = useRef<HTMLDivElement | null>(null);
  const pageView = useRef<HTMLDivElement | null>(null);
  const marked = (n: number) => selection !== null && n >= selection.start && n <= selection.end;
  const highlighted = useMemo(() => (selection ? pageLines.filter((l) => l.number >= selection.start && l.number <= selection.end).map((l) => l.text) : undefined), [selection, pageLines]);
  useEffect(() => {
    if (!selection) return;
    const p = selection.page ?? lines.find((l) => l.number === selection.start)?.page;
    if (p) setPage(Math.min(Math.max(1, p), pageCount));
  }, [selection, lines, pageCount]);
  useEffect(() => {
    if (!selection) return;
    // after the page's lines are drawn: bring the first highlighted line and the page view into sight
    const id = requestAnimationFrame(() => {
      firstMarked.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      pageView.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(id);
  }, [selection, page]);

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap" justify="space-between">
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous page
          </Button>
          <Text fontSize="sm" aria-live="polite">
            Page {page} of {pageCount}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
            Next page
          </Button>
        </HStack>
        <HStack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {lines.length} lines
          </Text>
          <CopyButton text={copyText} size="sm" failureMessage="Could not copy text to clipboard" />
        </HStack>
      </Flex>
      {selection ? (
        <Flex gap="2" align="center" wrap="wrap" borderWidth="1px" borderColor="yellow.emphasized" bg="yellow.subtle" borderRadius="md" px="3" py="2" fontSize="sm">
          <Text role="status" flex="1">
            Source of {selection.label || 'the value'}: lines {selection.start}–{selection.end}
            {selection.page ? `, page ${selection.page}` : ''}
          </Text>
          <Button size="xs" variant="outline" onClick={clearSource}>
            Clear highlight
          </Button>
        </Flex>
      ) : null}
      <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Box flex="1" minW="0" borderWidth="1px" borderRadius="md" bg="bg.subtle" maxH="75vh" overflow="auto" aria-label={`OCR text, page ${page}`} role="region">
          {pageLines.length === 0 ? (
            <Text p="4" color="fg.muted">
              No text was recognised on this page.
            </Text>
          ) : (
            <Box as="ol" listStyleType="none" m="0" p="2" fontFamily="mono" fontSize="sm">
              {pageLines.map((l) => (
                <Flex
                  as="li"
                  key={l.number}
                  gap="3"
                  px="2"
                  py="0.5"
                  ref={marked(l.number) && (l.number === selection?.start || !pageLines.some((x) => x.number < l.number && marked(x.number))) ? firstMarked : undefined}
                  aria-current={marked(l.number) ? 'true' : undefined}
                  bg={marked(l.number) ? 'yellow.subtle' : undefined}
                  borderLeftWidth="3px"
                  borderLeftColor={marked(l.number) ? 'yellow.solid' : 'transparent'}
                >
                  <Code variant="plain" color="fg.muted" minW="3.5em" textAlign="right" flexShrink={0} userSelect="none" bg="transparent">
                    {l.number}
                  </Code>
                  <Text as="span" whiteSpace="pre-wrap" wordBreak="break-word">
                    {l.text || '\u00a0'}
                  </Text>
                </Flex>
              ))}
            </Box>
          )}
        </Box>
        <Box ref={pageView} flex="1" minW="0" borderWidth="1px" borderRadius="md" p="2" bg="bg.muted" role="region" aria-label="Document page" scrollMarginTop="4">
          {content.isPending ? (
            <LoadingState text="Loading document..." />
          ) : content.isError ? (
            <ErrorState title="Could not load the document" message={toAppError(content.error).message} onRetry={() => void content.refetch()} />
          ) : (
            <DocumentPageView content={content.data} mimeType={file.mime_type} filename={file.filename} page={page} highlight={highlighted} />
          )}
        </Box>
      </Flex>
    </Stack>
  );
}
