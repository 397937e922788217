/**
 * File type from magic bytes, and image dimensions read from headers — before any
 * decoding, so a decompression bomb is refused for its declared size.
 */
import { ExtractionError } from './errors.js';

export type DetectedType = 'pdf' | 'png' | 'jpeg' | 'webp';

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/** The supported type the bytes are, or null. A PDF header may follow up to 1 KB of junk, as readers allow. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 8) === 'PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const head = ascii(bytes, 0, Math.min(bytes.length, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  return null;
}

/** Names of common types we refuse, for a message that says what the file is. */
export function describeUnsupported(bytes: Uint8Array): string {
  const head = ascii(bytes, 0, Math.min(bytes.length, 16));
  if (head.startsWith('GIF8')) return 'a GIF image';
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'a TIFF image';
  if (head.startsWith('BM')) return 'a BMP image';
  if (head.startsWith('PK\x03\x04')) return 'a ZIP archive (or an Office document)';
  if (ascii(bytes, 4, 12).startsWith('ftyp')) return 'a HEIC/AVIF image or a video';
  if (/^\s*<(?:\?xml|svg|!doctype|html)/i.test(ascii(bytes, 0, Math.min(bytes.length, 64)))) return 'an XML/SVG/HTML document';
  return bytes.length === 0 ? 'an empty file' : 'of an unknown type';
}

const EXTENSIONS: Record<string, DetectedType | 'other'> = {
  pdf: 'pdf', png: 'png', jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', jfif: 'jpeg', webp: 'webp',
  gif: 'other', tif: 'other', tiff: 'other', bmp: 'other', heic: 'other', heif: 'other', avif: 'other', svg: 'other',
  txt: 'other', csv: 'other', html: 'other', htm: 'other', doc: 'other', docx: 'other', xls: 'other', xlsx: 'other',
  odt: 'other', zip: 'other', json: 'other', xml: 'other',
};

/**
 * The type a file name claims, from its extension; null when it claims none we know
 * (no extension, or one like `.2024` that is not a file type).
 */
export function typeFromName(filename: string): DetectedType | 'other' | null {
  const m = /\.([A-Za-z0-9]{2,5})$/.exec(filename.trim());
  return m ? (EXTENSIONS[m[1]!.toLowerCase()] ?? null) : null;
}

/** Detect the type and check it against the name; throws `unsupported_type` or `type_mismatch`. */
export function checkType(bytes: Uint8Array, filename: string): DetectedType {
  const detected = detectFileType(bytes);
  const named = typeFromName(filename);
  if (!detected) {
    throw new ExtractionError('unsupported_type', `"${filename}" is ${describeUnsupported(bytes)}; upload a PDF, PNG, JPEG or WebP file`);
  }
  if (named && named !== detected) {
    throw new ExtractionError('type_mismatch', `"${filename}" is named as ${named === 'other' ? 'another type' : named.toUpperCase()} but its content is ${detected.toUpperCase()}`);
  }
  return detected;
}

/** Width and height declared in an image header, or null when the header is unreadable. */
export function imageDimensions(bytes: Uint8Array, type: Exclude<DetectedType, 'pdf'>): { width: number; height: number } | null {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (type === 'png') {
      if (ascii(bytes, 12, 16) !== 'IHDR') return null;
      return { width: dv.getUint32(16), height: dv.getUint32(20) };
    }
    if (type === 'jpeg') {
      let p = 2;
      while (p + 9 < bytes.length) {
        if (bytes[p] !== 0xff) return null;
        const marker = bytes[p + 1]!;
        if (marker === 0xff) { p += 1; continue; } // fill byte
        if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { p += 2; continue; }
        const len = dv.getUint16(p + 2);
        // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC) carry the frame size.
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { height: dv.getUint16(p + 5), width: dv.getUint16(p + 7) };
        }
        if (marker === 0xda || marker === 0xd9) return null; // image data before any frame header
        p += 2 + len;
      }
      return null;
    }
    // WebP: RIFF....WEBP then a VP8 / VP8L / VP8X chunk.
    const chunk = ascii(bytes, 12, 16);
    if (chunk === 'VP8 ') {
      if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
      return { width: dv.getUint16(26, true) & 0x3fff, height: dv.getUint16(28, true) & 0x3fff };
    }
    if (chunk === 'VP8L') {
      if (bytes[20] !== 0x2f) return null;
      const b = dv.getUint32(21, true);
      return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
      const w = bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16);
      const h = bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16);
      return { width: w + 1, height: h + 1 };
    }
    return null;
  } catch {
    return null; // header shorter than it claims
  }
}
