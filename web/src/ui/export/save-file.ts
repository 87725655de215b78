/** Hands a built file to the browser's download (no server round trip: the rows are already here). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; revoking at once could cut the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
