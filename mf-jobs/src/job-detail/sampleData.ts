// Fixed sample data of the placeholder job pages: not product data,
// no backend behaviour.
import { saveBlob } from '@quarry/shared';

export type SampleFileStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface SampleFile {
  id: string;
  name: string;
  status: SampleFileStatus;
  size: string;
  type: string;
  tables: number;
  tokens: number;
  ocrTime: string;
  extractionTime: string;
  progress: number;
}

export const SAMPLE_FILES: SampleFile[] = [
  { id: '1', name: 'financial-report-q1.pdf', status: 'completed', size: '2.4 MB', type: 'PDF', tables: 3, tokens: 12450, ocrTime: '12s', extractionTime: '34s', progress: 100 },
  { id: '2', name: 'financial-report-q2.pdf', status: 'completed', size: '2.1 MB', type: 'PDF', tables: 2, tokens: 10980, ocrTime: '11s', extractionTime: '29s', progress: 100 },
  { id: '3', name: 'balance-sheet-scan.png', status: 'processing', size: '1.3 MB', type: 'PNG', tables: 1, tokens: 3200, ocrTime: '8s', extractionTime: '-', progress: 60 },
  { id: '4', name: 'expenses-q3.pdf', status: 'pending', size: '0.9 MB', type: 'PDF', tables: 0, tokens: 0, ocrTime: '-', extractionTime: '-', progress: 0 },
];

export interface SampleRecord {
  revenue: number;
  expenses: number;
  date: string;
  category: string;
}

export interface SampleFileDetail {
  id: string;
  name: string;
  status: SampleFileStatus;
  ocrTime: string;
  extractionTime: string;
  tokens: number;
  ocrText: string;
  records: SampleRecord[];
}

const ocr = (q: string) => `ACME Corporation\nFinancial Report ${q}\n\nRevenue: 1,250,000\nExpenses: 830,000\nNet income: 420,000\n\nCategory | Amount\nSales | 1,100,000\nServices | 150,000`;

export const SAMPLE_FILE_DETAILS: Record<string, SampleFileDetail> = {
  '1': { id: '1', name: 'financial-report-q1.pdf', status: 'completed', ocrTime: '12s', extractionTime: '34s', tokens: 12450, ocrText: ocr('Q1'), records: [
    { revenue: 1250000, expenses: 830000, date: '2024-03-31', category: 'Sales' },
    { revenue: 150000, expenses: 40000, date: '2024-03-31', category: 'Services' },
  ] },
  '2': { id: '2', name: 'financial-report-q2.pdf', status: 'completed', ocrTime: '11s', extractionTime: '29s', tokens: 10980, ocrText: ocr('Q2'), records: [
    { revenue: 1320000, expenses: 870000, date: '2024-06-30', category: 'Sales' },
    { revenue: 160000, expenses: 42000, date: '2024-06-30', category: 'Services' },
  ] },
  '3': { id: '3', name: 'balance-sheet-scan.png', status: 'processing', ocrTime: '8s', extractionTime: '-', tokens: 3200, ocrText: 'Balance sheet\nAssets: 2,400,000\nLiabilities: 1,100,000', records: [] },
  '4': { id: '4', name: 'expenses-q3.pdf', status: 'pending', ocrTime: '-', extractionTime: '-', tokens: 0, ocrText: '', records: [] },
};

export interface SampleJob {
  name: string;
  status: string;
  progress: number;
  documents: number;
  tablesFound: number;
  tokens: number;
  successRate: number;
  ocrTime: string;
  extractionTime: string;
  config: Record<string, string>;
}

/** the id the sample job detail answers to (/jobs/sample); every other id is a real job's */
export const SAMPLE_JOB_ID = 'sample';

export const SAMPLE_JOB: SampleJob = {
  name: 'Quarterly financial reports',
  status: 'running',
  progress: 45,
  documents: SAMPLE_FILES.length,
  tablesFound: SAMPLE_FILES.reduce((n, f) => n + f.tables, 0),
  tokens: SAMPLE_FILES.reduce((n, f) => n + f.tokens, 0),
  successRate: 0.95,
  ocrTime: '31s',
  extractionTime: '1m 03s',
  config: { 'Processing mode': 'dataset', Prompt: 'Financial record extraction', Schema: 'Financial record', Model: 'sample-model' },
};

export const SIMULATED_STEP_MAX = 5;
export const SIMULATED_INTERVAL_MS = 3000;

/** Simulated progress: up to 5 points every 3 seconds, never past 100. */
export function nextSimulatedProgress(current: number, random: number = Math.random()): number {
  return Math.min(100, current + Math.max(0, Math.min(1, random)) * SIMULATED_STEP_MAX);
}

/** A CSV cell: quoted when needed; cells starting with = + - @ are prefixed so spreadsheets do not run them. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n');
}

export function download(filename: string, content: string, type: string) {
  saveBlob(new Blob([content], { type }), filename);
}
