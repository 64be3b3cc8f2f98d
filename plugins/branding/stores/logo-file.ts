/**
 * The portal's first look at a chosen logo, so the person learns what is allowed before anything is sent. The
 * server decides again from the bytes (type sniffing, size, dimensions, SVG sanitising); these checks only save a
 * round trip and use the same limits.
 */
import { LOGO_LIMITS } from '@contract/v1/branding-limits';

export type LogoType = 'png' | 'jpeg' | 'webp' | 'svg';

/** Why a file cannot be a logo; the editor shows the matching message and keeps every other edit. */
export type LogoProblem = 'type' | 'size' | 'svgSize' | 'dimensions' | 'unreadable';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

/**
 * The image type the bytes say, whatever the file is called: PNG, JPEG and WebP by their signatures, SVG by an
 * `<svg` root at the start of the text (after an optional XML declaration, comments or doctype).
 * @example
 * sniffLogoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) // 'png'
 */
export function sniffLogoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  const prolog = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;
  return prolog.test(text) ? 'svg' : null;
}

/** The pixel size of a raster image where the browser can decode it; null where it cannot tell (SVG, tests). */
async function pixelSize(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

export type LogoCheck =
  | { ok: true; type: LogoType; dataUrl: string; name: string; bytes: number }
  | { ok: false; problem: LogoProblem };

/**
 * Checks a chosen file against the logo rules and reads it for the preview and the upload.
 * @example
 * const check = await checkLogoFile(input.files[0]);
 * if (!check.ok) showProblem(check.problem);
 */
export async function checkLogoFile(file: File): Promise<LogoCheck> {
  if (file.size > LOGO_LIMITS.maxBytes) return { ok: false, problem: 'size' };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const type = sniffLogoType(head);
  if (!type) return { ok: false, problem: 'type' };
  // The server parses an SVG to clean it, so an SVG has a lower limit than a picture.
  if (type === 'svg' && file.size > LOGO_LIMITS.svgMaxBytes) return { ok: false, problem: 'svgSize' };
  if (type !== 'svg') {
    const size = await pixelSize(file);
    if (size && (size.width > LOGO_LIMITS.maxWidth || size.height > LOGO_LIMITS.maxHeight)) {
      return { ok: false, problem: 'dimensions' };
    }
  }
  try {
    return { ok: true, type, dataUrl: await readAsDataUrl(file), name: file.name, bytes: file.size };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
