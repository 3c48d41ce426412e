// The five-step job wizard: a demo on fixed sample
// data that sends nothing.
export type DocumentType = 'table' | 'document';

export interface WizardState {
  step: number;
  jobName: string;
  selectedDataset: string;
  documentTypes: DocumentType[];
  selectedPrompts: Partial<Record<DocumentType, string>>;
  selectedSchema: string;
  customInstructions: string;
}

export const INITIAL_WIZARD: WizardState = {
  step: 1,
  jobName: '',
  selectedDataset: '',
  documentTypes: [],
  selectedPrompts: {},
  selectedSchema: '',
  customInstructions: '',
};

export const WIZARD_STEPS = ['Dataset', 'Document types', 'Prompts', 'Schema', 'Review'] as const;
export const WIZARD_REDIRECT_DELAY_MS = 500;

/** Sample values (not product data). */
export const SAMPLE_DATASETS = [
  { id: 'ds-invoices', name: 'Q3 Invoices', files: 24 },
  { id: 'ds-reports', name: 'Annual Reports', files: 8 },
  { id: 'ds-receipts', name: 'Travel Receipts', files: 57 },
];
export const SAMPLE_PROMPTS: Record<DocumentType, { id: string; name: string }[]> = {
  table: [
    { id: 'p-table-rows', name: 'Table rows to records' },
    { id: 'p-table-totals', name: 'Table totals' },
  ],
  document: [
    { id: 'p-doc-invoice', name: 'Invoice fields' },
    { id: 'p-doc-summary', name: 'Document summary' },
  ],
};
export const SAMPLE_SCHEMAS = [
  { id: 's-invoice', name: 'Invoice' },
  { id: 's-financial', name: 'Financial record' },
  { id: 's-generic', name: 'Generic key/value' },
];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = { table: 'Tables', document: 'Documents' };

/** Next is enabled only when the step is valid. */
export function isStepValid(s: WizardState, step = s.step): boolean {
  switch (step) {
    case 1:
      return Boolean(s.selectedDataset) && s.jobName.trim().length > 0;
    case 2:
      return s.documentTypes.length > 0;
    case 3:
      return s.documentTypes.length > 0 && s.documentTypes.every((t) => Boolean(s.selectedPrompts[t]));
    case 4:
      return Boolean(s.selectedSchema);
    default:
      return true;
  }
}
