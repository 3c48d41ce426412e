// The fields every upload event carries (upload_started, upload_failed, upload_complete).
import type { UploadRow } from '../../db/schema';

export const uploadFields = (u: UploadRow) => ({
  upload_id: u.id,
  upload_session_id: u.sessionId,
  filename: u.filename,
  file_size: u.declaredSize,
  mime_type: u.mimeType,
  file_type: u.fileType,
  estimated_pages: u.estimatedPages,
});
