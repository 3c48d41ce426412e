// One page of the document beside its OCR text: PDF pages drawn by pdf.js (loaded
// on demand), images shown as they are.
import { Box, Image, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState } from '@quarry/shared';
import { useEffect, useRef, useState } from 'react';
import type { PageBox, PdfDocument } from './pdfPage';

export interface DocumentPageViewProps {
  content: Blob;
  mimeType: string;
  filename: string;
  /** 1-based */
  page: number;
  /** text of OCR lines to box on the page (a value's source); PDF pages with a text layer only */
  highlight?: string[];
}

export function DocumentPageView({ content, mimeType, filename, page, highlight }: DocumentPageViewProps) {
  if (mimeType === 'application/pdf') return <PdfPageView content={content} page={page} filename={filename} highlight={highlight} />;
  return <ImagePageView content={content} filename={filename} page={page} />;
}

function ImagePageView({ content, filename, page }: { content: Blob; filename: string; page: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(content);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [content]);
  if (!url) return <LoadingState text="Loading page..." />;
  return (
    <Box>
      <Image src={url} alt={`${filename}, page ${page}`} maxW="100%" borderWidth="1px" borderRadius="md" bg="white" />
      {page > 1 ? (
        <Text fontSize="sm" color="fg.muted" mt="2">
          The browser shows the first image of a multi-page file.
        </Text>
      ) : null}
    </Box>
  );
}

function PdfPageView({ content, page, filename, highlight }: { content: Blob; page: number; filename: string; highlight?: string[] | undefined }) {
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [boxes, setBoxes] = useState<PageBox[]>([]);
  const firstBox = useRef<HTMLDivElement>(null);
  const wanted = (highlight ?? []).join('\n');
  const [error, setError] = useState<string | null>(null);
  const [rendering, setRendering] = useState(true);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocument | null = null;
    setDoc(null);
    setError(null);
    import('./pdfPage')
      .then(({ openPdf }) => openPdf(content))
      .then((d) => {
        opened = d;
        if (cancelled) void d.destroy();
        else setDoc(d);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [content]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas) return undefined;
    let cancel: (() => void) | null = null;
    let stale = false;
    setRendering(true);
    const width = Math.min(boxRef.current?.clientWidth || 600, 900);
    import('./pdfPage')
      .then(({ renderPdfPage }) => renderPdfPage(doc, Math.min(Math.max(1, page), doc.numPages), canvas, width))
      .then((c) => {
        cancel = c;
        if (!stale) setRendering(false);
      })
      .catch((e: unknown) => {
        // a newer render replaced this one: not an error
        if (!stale && !(e instanceof Error && e.name === 'RenderingCancelledException')) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      stale = true;
      cancel?.();
    };
  }, [doc, page]);

  // the source's lines boxed on the page, once it is drawn, and scrolled into sight
  useEffect(() => {
    setBoxes([]);
    if (!doc || rendering || !wanted) return undefined;
    let stale = false;
    const width = canvasRef.current?.clientWidth || boxRef.current?.clientWidth || 600;
    import('./pdfPage')
      .then(({ findLineBoxes }) => findLineBoxes(doc, Math.min(Math.max(1, page), doc.numPages), width, wanted.split('\n')))
      .then((found) => {
        if (!stale) setBoxes(found);
      })
      .catch(() => undefined); // no text layer: the OCR text shows the lines
    return () => {
      stale = true;
    };
  }, [doc, page, rendering, wanted]);
  useEffect(() => {
    firstBox.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [boxes]);

  if (error) return <ErrorState title="Could not show this page" message={error} />;
  return (
    <Box ref={boxRef} w="100%">
      {!doc || rendering ? <LoadingState text="Rendering page..." /> : null}
      <Box position="relative" w="fit-content" maxW="100%">
        <canvas ref={canvasRef} role="img" aria-label={`${filename}, page ${page}`} style={{ maxWidth: '100%', display: doc ? 'block' : 'none', background: 'white' }} />
        {boxes.map((b, i) => (
          <Box
            key={i}
            ref={i === 0 ? firstBox : undefined}
            data-testid="source-box"
            position="absolute"
            left={`${b.x}px`}
            top={`${b.y}px`}
            w={`${b.w}px`}
            h={`${b.h}px`}
            bg="yellow.400/35"
            borderWidth="2px"
            borderColor="yellow.500"
            borderRadius="sm"
            pointerEvents="none"
            scrollMarginBlock="16"
          />
        ))}
      </Box>
    </Box>
  );
}
