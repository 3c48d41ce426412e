import { PageHeader } from '@quarry/shared';
import { FileLibrary } from '../common/files/FileLibrary';

/** /files-old: the older single page: the library plus 'Load More Files' and summary cards. */
export default function FilesOldPage() {
  return (
    <>
      <PageHeader title="Files" description="Your uploaded documents." />
      <FileLibrary variant="old" />
    </>
  );
}
