/**
 * A file's bytes as base64 without the `data:` prefix, as the upload endpoints take them. FileReader encodes
 * natively; a 5 MB file would be slow through String.fromCharCode.
 */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
