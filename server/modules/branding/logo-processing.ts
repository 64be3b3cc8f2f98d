import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { LOGO_LIMITS, type LogoMediaType } from '../../../contract/v1/branding-limits';
import { SvgTooComplex, type SvgSanitiser } from './isolated-svg-sanitiser';
import { looksLikeSvg, measureSvg } from './svg-structure';

/** A logo ready to store: bytes to serve as they are, their media type and size. */
export interface ProcessedLogo {
  mediaType: LogoMediaType;
  bytes: Buffer;
  width: number;
  height: number;
  /** An SVG had active or external content removed (docs/branding.md). */
  cleaned: boolean;
}

/** Why a file is refused; each is a message of locales/<lang>/server.json `branding.*`. */
export type LogoRefusal =
  | 'logoEmpty'
  | 'logoTooLarge'
  | 'logoTooManyPixels'
  | 'logoType'
  | 'logoUnreadable'
  | 'logoSvgEmpty'
  | 'logoSvgTooLarge'
  | 'logoSvgTooComplex';

export class LogoRefused extends Error {
  constructor(readonly reason: LogoRefusal) {
    super(reason);
    this.name = 'LogoRefused';
  }
}

const RASTER: Partial<Record<string, LogoMediaType>> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
};

/**
 * Checks and normalises an uploaded logo (docs/branding.md). The type comes from the bytes, never from a name:
 * PNG, JPEG and WebP by their signature (file-type), SVG by its text. Raster images are decoded and encoded again
 * by sharp, which drops every metadata block (EXIF, XMP, ICC comments, text chunks) and anything appended after
 * the image; EXIF orientation is applied first so the logo keeps its look. SVG is measured, then sanitised in a
 * worker (./isolated-svg-sanitiser.ts). At most 1 MB before processing (an SVG 256 KB, 5,000 elements, 64 levels)
 * and 2000 × 2000 px.
 * @throws LogoRefused with the reason the user is told
 */
export async function processLogo(bytes: Buffer, svgSanitiser: SvgSanitiser): Promise<ProcessedLogo> {
  if (bytes.length === 0) throw new LogoRefused('logoEmpty');
  if (bytes.length > LOGO_LIMITS.maxBytes) throw new LogoRefused('logoTooLarge');
  const detected = await fileTypeFromBuffer(bytes);
  const raster = detected ? RASTER[detected.mime] : undefined;
  if (raster) return processRaster(bytes, raster);
  // Text formats have no signature: file-type names an SVG with an XML declaration 'application/xml' and one
  // without none at all. Anything else it recognises (GIF, PDF, ZIP, an executable…) is not a logo type.
  if (detected && detected.mime !== 'application/xml') throw new LogoRefused('logoType');
  return processSvg(bytes, svgSanitiser);
}

function checkDimensions(
  width: number | undefined,
  height: number | undefined,
): { width: number; height: number } {
  if (!width || !height) throw new LogoRefused('logoUnreadable');
  if (width > LOGO_LIMITS.maxWidth || height > LOGO_LIMITS.maxHeight)
    throw new LogoRefused('logoTooManyPixels');
  return { width, height };
}

async function processRaster(bytes: Buffer, mediaType: LogoMediaType): Promise<ProcessedLogo> {
  // The header alone gives the size: a 20000 × 20000 image is refused before a single pixel is decoded.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw new LogoRefused('logoUnreadable');
    });
  const declared = checkDimensions(
    metadata.autoOrient?.width ?? metadata.width,
    metadata.autoOrient?.height ?? metadata.height,
  );
  const image = sharp(bytes, {
    limitInputPixels: LOGO_LIMITS.maxWidth * LOGO_LIMITS.maxHeight,
    // Only the first frame of an animated WebP: a logo does not move.
    pages: 1,
  }).rotate();
  const encoded =
    mediaType === 'image/png'
      ? image.png({ compressionLevel: 9 })
      : mediaType === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : image.webp({ quality: 90 });
  const output = await encoded.toBuffer({ resolveWithObject: true }).catch(() => {
    throw new LogoRefused('logoUnreadable');
  });
  const { width, height } = checkDimensions(
    output.info.width ?? declared.width,
    output.info.height ?? declared.height,
  );
  return { mediaType, bytes: output.data, width, height, cleaned: false };
}

async function processSvg(bytes: Buffer, svgSanitiser: SvgSanitiser): Promise<ProcessedLogo> {
  const text = decodeUtf8(bytes);
  if (text === null) throw new LogoRefused('logoType');
  if (!looksLikeSvg(text)) throw new LogoRefused('logoType');
  // Parsing costs grow with the document: what would take seconds or a deep tree is refused before any parser sees it.
  if (bytes.length > LOGO_LIMITS.svgMaxBytes) throw new LogoRefused('logoSvgTooLarge');
  const { elements, depth } = measureSvg(text);
  if (elements > LOGO_LIMITS.svgMaxElements || depth > LOGO_LIMITS.svgMaxDepth)
    throw new LogoRefused('logoSvgTooComplex');
  const sanitised = await svgSanitiser.sanitise(text).catch((error: unknown) => {
    throw error instanceof SvgTooComplex ? new LogoRefused('logoSvgTooComplex') : error;
  });
  if (!sanitised) throw new LogoRefused('logoSvgEmpty');
  const clean = Buffer.from(sanitised.svg, 'utf8');
  // librsvg reads the cleaned document for its size: one that does not parse is not served.
  const metadata = await sharp(clean)
    .metadata()
    .catch(() => {
      throw new LogoRefused('logoUnreadable');
    });
  const { width, height } = checkDimensions(metadata.width, metadata.height);
  return { mediaType: 'image/svg+xml', bytes: clean, width, height, cleaned: sanitised.cleaned };
}

/** The text of a UTF-8 file, or null for binary content (an invalid sequence or a NUL byte). */
function decodeUtf8(bytes: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}
