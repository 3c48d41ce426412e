// The area's two upload stores, module singletons so they outlive the pages: the library's
// drop zone (/files, /files-old: sends at once) and the /uploads page (choose, then Upload).
import { uploadApi } from './queries';
import { createUploadStore } from './store';

export const libraryUploads = createUploadStore({ api: uploadApi });
export const pageUploads = createUploadStore({ api: uploadApi });
