// Placeholder data (docs/product/files-and-datasets.md#projects-placeholders): sample
// projects, tasks, team and files. Not product data; nothing here is sent to or read from the
// server.
export interface SampleProject {
  id: string;
  name: string;
  description: string;
  status: 'active' | 'planning' | 'completed';
  progress: number;
  dueDate: string;
}

export const SAMPLE_PROJECTS: readonly SampleProject[] = [
  { id: '1', name: 'Invoice Processing', description: 'Extract line items and totals from supplier invoices.', status: 'active', progress: 65, dueDate: '2025-03-31' },
  { id: '2', name: 'Contract Analysis', description: 'Pull parties, dates and clauses out of signed contracts.', status: 'planning', progress: 20, dueDate: '2025-05-15' },
  { id: '3', name: 'Receipt Digitisation', description: 'Turn scanned receipts into expense records.', status: 'completed', progress: 100, dueDate: '2025-01-20' },
];

export const SAMPLE_TASKS = [
  { id: 't1', title: 'Collect sample documents', status: 'done', assignee: 'Alex Kim' },
  { id: 't2', title: 'Define the output schema', status: 'in progress', assignee: 'Sam Patel' },
  { id: 't3', title: 'Review extraction results', status: 'to do', assignee: 'Jordan Lee' },
] as const;

export const SAMPLE_TEAM = [
  { id: 'm1', name: 'Alex Kim', role: 'Project lead', email: 'alex@example.com' },
  { id: 'm2', name: 'Sam Patel', role: 'Data engineer', email: 'sam@example.com' },
  { id: 'm3', name: 'Jordan Lee', role: 'Reviewer', email: 'jordan@example.com' },
] as const;

export const SAMPLE_FILES = [
  { id: 'f1', name: 'invoice-0001.pdf', size: '1.2 MB', pages: 2 },
  { id: 'f2', name: 'invoice-0002.pdf', size: '0.8 MB', pages: 1 },
  { id: 'f3', name: 'receipt-scan.png', size: '0.4 MB', pages: 1 },
] as const;

export function sampleProject(id: string | undefined): SampleProject | undefined {
  return SAMPLE_PROJECTS.find((p) => p.id === id);
}
