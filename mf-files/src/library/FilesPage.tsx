import { Tabs } from '@chakra-ui/react';
import { PageHeader } from '@quarry/shared';
import { Database, Files } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { DatasetsPanel } from '../common/datasets/DatasetsPanel';
import { FileLibrary } from '../common/files/FileLibrary';

type Tab = 'files' | 'datasets';

/** /files: Files & Datasets, two tabs; the open tab is kept in the URL (?tab=datasets). */
export default function FilesPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'datasets' ? 'datasets' : 'files';
  return (
    <>
      <PageHeader title="Files & Datasets" description="Upload documents, check their validity and group them into datasets." />
      <Tabs.Root
        value={tab}
        onValueChange={(d) => setParams(d.value === 'datasets' ? { tab: 'datasets' } : {}, { replace: true })}
        variant="line"
        lazyMount
      >
        <Tabs.List mb="4">
          <Tabs.Trigger value="files">
            <Files /> File Library
          </Tabs.Trigger>
          <Tabs.Trigger value="datasets">
            <Database /> Datasets
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="files">
          <FileLibrary />
        </Tabs.Content>
        <Tabs.Content value="datasets">
          <DatasetsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
