/**
 * The extraction error catalogue: each failure a stable code, the HTTP status the
 * route should answer with, and a title (problem+json `title`); `detail` names the
 * cause in words a user can act on.
 *
 * Limits (bytes, pages, pixels) all answer 413: the remedy is the same — send a
 * smaller document — and the code says which limit was hit.
 */
export const EXTRACTION_ERRORS = {
  unsupported_type: { status: 415, title: 'Unsupported file type' },
  type_mismatch: { status: 415, title: 'File content does not match its name' },
  corrupt_file: { status: 422, title: 'Corrupt or unreadable file' },
  encrypted_pdf: { status: 422, title: 'Password-protected PDF' },
  too_many_pages: { status: 413, title: 'Too many pages' },
  too_many_pixels: { status: 413, title: 'Image too large' },
  ocr_timeout: { status: 422, title: 'Text recognition took too long' },
  no_air_quality_data: { status: 422, title: 'No air-quality data found' },
  file_too_large: { status: 413, title: 'File too large' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ExtractionErrorCode = keyof typeof EXTRACTION_ERRORS;

/** A failure caused by the uploaded file (never by the server): 4xx, with a code from the catalogue. */
export class ExtractionError extends Error {
  readonly status: number;
  readonly title: string;
  constructor(
    readonly code: ExtractionErrorCode,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'ExtractionError';
    this.status = EXTRACTION_ERRORS[code].status;
    this.title = EXTRACTION_ERRORS[code].title;
  }
}
