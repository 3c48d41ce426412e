import { PageHeader } from '@quarry/shared';
import { DatasetsPanel } from '../common/datasets/DatasetsPanel';

/** /datasets: the card grid with search, refresh, create, manage files and delete. */
export default function DatasetsPage() {
  return (
    <>
      <PageHeader title="Datasets" description="Group files into datasets to process them together." />
      <DatasetsPanel />
    </>
  );
}
