// The export menu: JSON, CSV (records, or table rows) and XLSX of the
// reviewed records of one file, a dataset or a job, with the source and check columns as
// options. Mounted on the file page and on completed extraction and pipeline monitors.
import { Button, Menu, Portal, Text, type ButtonProps } from '@chakra-ui/react';
import { toast } from '@quarry/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { exportErrorMessage, useExportDownload, type ExportChoice, type ExportScope } from './queries';

export interface ExportMenuProps extends ExportScope {
  /** the button's text (default "Export") */
  label?: string;
  size?: 'xs' | 'sm' | 'md';
  /** placement in the host's layout (a one-line mount needs no wrapper) */
  ms?: ButtonProps['ms'];
  alignSelf?: ButtonProps['alignSelf'];
}

const FORMATS: { value: string; label: string; choice: Pick<ExportChoice, 'format' | 'part'> }[] = [
  { value: 'json', label: 'JSON', choice: { format: 'json', part: 'records' } },
  { value: 'csv-records', label: 'CSV: records (one line per file)', choice: { format: 'csv', part: 'records' } },
  { value: 'csv-rows', label: 'CSV: table rows', choice: { format: 'csv', part: 'rows' } },
  { value: 'xlsx', label: 'XLSX (records and rows sheets)', choice: { format: 'xlsx', part: 'records' } },
];

export function ExportMenu({ label = 'Export', size = 'sm', ms, alignSelf = 'flex-start', ...scope }: ExportMenuProps) {
  const [provenance, setProvenance] = useState(false);
  const [checks, setChecks] = useState(false);
  const download = useExportDownload(scope);

  const start = (value: string) => {
    const f = FORMATS.find((x) => x.value === value);
    if (!f) return;
    download.mutate(
      { ...f.choice, provenance, checks },
      {
        onSuccess: (filename) => toast.success('Export downloaded', filename),
        onError: (e) => toast.error('Export failed', exportErrorMessage(e)),
      },
    );
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => start(value)}>
      <Menu.Trigger asChild>
        <Button size={size} variant="outline" ms={ms} alignSelf={alignSelf} loading={download.isPending} loadingText="Exporting..." aria-label={`${label} reviewed records`}>
          <Download /> {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64" maxW="calc(100vw - 2rem)">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Download the reviewed records as</Menu.ItemGroupLabel>
              {FORMATS.map((f) => (
                <Menu.Item key={f.value} value={f.value}>
                  {f.label}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Optional columns</Menu.ItemGroupLabel>
              <Menu.CheckboxItem value="provenance" checked={provenance} onCheckedChange={setProvenance} closeOnSelect={false}>
                <Text flex="1">Sources (lines, page, not in document)</Text>
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
              <Menu.CheckboxItem value="checks" checked={checks} onCheckedChange={setChecks} closeOnSelect={false}>
                <Text flex="1">Checks (passed, failed)</Text>
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
