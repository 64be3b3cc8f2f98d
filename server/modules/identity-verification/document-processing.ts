import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { DOCUMENT_MAX_BYTES } from '../../../contract/rules';
import {
  DOCUMENT_BASE64_MAX_LENGTH,
  type DocumentMimeType,
} from '../../../contract/v1/identity-verification';

/** Why a file is refused; each is a message of locales/<lang>/server.json `validation.identity.*`. */
export type DocumentRefusal = 'fileRequired' | 'fileTooLarge' | 'fileType' | 'fileUnreadable';

export class DocumentRefused extends Error {
  constructor(readonly reason: DocumentRefusal) {
    super(reason);
    this.name = 'DocumentRefused';
  }
}

/** A document ready to encrypt and store. */
export interface ProcessedDocument {
  mimeType: DocumentMimeType;
  bytes: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** A photographed card is rarely above 12 megapixels; this bounds the memory sharp may use. */
const MAX_PIXELS = 40_000_000;

/** The file's bytes from the request's base64, refused when it is not base64 or decodes past 5 MB. */
export function decodeBase64File(content: string): Buffer {
  if (content.length === 0) throw new DocumentRefused('fileRequired');
  if (content.length > DOCUMENT_BASE64_MAX_LENGTH) throw new DocumentRefused('fileTooLarge');
  if (content.length % 4 !== 0 || !BASE64.test(content)) throw new DocumentRefused('fileUnreadable');
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length === 0) throw new DocumentRefused('fileRequired');
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new DocumentRefused('fileTooLarge');
  return bytes;
}

/**
 * Checks and cleans an identity document (docs/identity-verification.md). The type comes from the bytes
 * (file-type), never from the name or the browser: JPEG, PNG or PDF. Images are decoded and encoded again by sharp,
 * which keeps no metadata (EXIF with the GPS position of a phone photo, XMP, comments) nor anything appended after
 * the image; the EXIF orientation is applied first so the picture stays upright. A PDF is loaded and saved again by
 * pdf-lib with its document information (author, creator, producer, dates…) emptied.
 * @throws DocumentRefused with the reason the user is told
 */
export async function processDocument(bytes: Buffer): Promise<ProcessedDocument> {
  if (bytes.length === 0) throw new DocumentRefused('fileRequired');
  if (bytes.length > DOCUMENT_MAX_BYTES) throw new DocumentRefused('fileTooLarge');
  const detected = await fileTypeFromBuffer(bytes);
  switch (detected?.mime) {
    case 'image/jpeg':
    case 'image/png':
      return { mimeType: detected.mime, bytes: await reencodeImage(bytes, detected.mime) };
    case 'application/pdf':
      return { mimeType: 'application/pdf', bytes: await cleanPdf(bytes) };
    default:
      throw new DocumentRefused('fileType');
  }
}

async function reencodeImage(bytes: Buffer, mime: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  const encoded =
    mime === 'image/png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 90, mozjpeg: true });
  return encoded.toBuffer().catch(() => {
    throw new DocumentRefused('fileUnreadable');
  });
}

async function cleanPdf(bytes: Buffer): Promise<Buffer> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    pdf.setTitle('');
    pdf.setAuthor('');
    pdf.setSubject('');
    pdf.setKeywords([]);
    pdf.setCreator('');
    pdf.setProducer('');
    const epoch = new Date(0);
    pdf.setCreationDate(epoch);
    pdf.setModificationDate(epoch);
    const saved = Buffer.from(await pdf.save({ updateFieldAppearances: false }));
    if (saved.length > DOCUMENT_MAX_BYTES) throw new DocumentRefused('fileTooLarge');
    return saved;
  } catch (error) {
    if (error instanceof DocumentRefused) throw error;
    // Encrypted or damaged PDFs: the reviewer could not open them either.
    throw new DocumentRefused('fileUnreadable');
  }
}
