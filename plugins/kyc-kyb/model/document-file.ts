/** What the server accepts for an identity or registration document (it checks the bytes again). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/**
 * Refuses before sending what the server would refuse anyway, so the user learns at once. The browser's type
 * comes from the file name; the server decides from the bytes.
 * @example checkDocumentFile(new File(['x'], 'a.gif', { type: 'image/gif' })) // 'wrongType'
 */
export function checkDocumentFile(file: File): 'wrongType' | 'tooLarge' | 'empty' | null {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size === 0) return 'empty';
  if (file.size > DOCUMENT_MAX_BYTES) return 'tooLarge';
  return null;
}
