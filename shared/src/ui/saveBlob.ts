/**
 * Saves a downloaded blob under a readable name: a temporary link clicked once. Downloads go
 * through the API client (Bearer token), so a plain `<a href>` to the API cannot be used.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the click has started the download; the URL is not needed after this turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
