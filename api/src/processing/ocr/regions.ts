// A text-layer page with pictures that hold text (a letterhead, a scan inside a generated PDF):
// what tesseract read in each picture joins the page's own text items, so the lines come out in
// reading order whichever source they came from.
import { itemsFromOcrRegion, linesFromTextItems, type OcrRegion, type TextItem } from './layout';
import { parseTsvBoxes } from './tsv';

export interface RegionText {
  /** tesseract's TSV for the picture */
  tsv: string;
  region: OcrRegion;
}

export function textLayerWithRegions(items: TextItem[], regions: RegionText[]): string[] {
  const extra = regions.flatMap((r) => parseTsvBoxes(r.tsv).flatMap((p) => itemsFromOcrRegion(p.lines, r.region)));
  return linesFromTextItems(extra.length > 0 ? [...items, ...extra] : items);
}
