import { ORDER_TEXTS } from '@parlance/shared';
import { AppError } from '../errors';

export type DocumentErrorCode =
  | 'empty-file'
  | 'unsupported-type'
  | 'unreadable'
  | 'url-invalid'
  | 'url-not-allowed'
  | 'url-failed'
  | 'url-too-large';

const MESSAGES: Record<DocumentErrorCode, string> = {
  'empty-file': ORDER_TEXTS.fileEmpty,
  'unsupported-type': ORDER_TEXTS.fileTypeUnsupported,
  unreadable: ORDER_TEXTS.fileUnreadable,
  'url-invalid': ORDER_TEXTS.urlInvalid,
  'url-not-allowed': ORDER_TEXTS.urlNotAllowed,
  'url-failed': ORDER_TEXTS.urlFetchFailed,
  'url-too-large': ORDER_TEXTS.urlTooLarge,
};

const STATUS: Record<DocumentErrorCode, number> = {
  'empty-file': 400,
  'unsupported-type': 415,
  unreadable: 422,
  'url-invalid': 400,
  'url-not-allowed': 400,
  'url-failed': 422,
  'url-too-large': 413,
};

/** A document that cannot be read or counted; its message is one a customer can act on. */
export class DocumentError extends AppError {
  constructor(
    readonly code: DocumentErrorCode,
    /** what went wrong underneath, for the log; never shown */
    readonly detail?: string,
  ) {
    super(STATUS[code], MESSAGES[code]);
    this.name = 'DocumentError';
  }
}
