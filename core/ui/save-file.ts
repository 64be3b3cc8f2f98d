/**
 * Hands a fetched file to the browser as a download: calls that need the bearer token (an invoice PDF, a copy of the
 * user's data) cannot be plain links.
 * @example saveFile('invoice-42.pdf', await response.blob());
 */
export function saveFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
