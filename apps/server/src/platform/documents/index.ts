// Word counts of real content: the platform piece under the wizard's upload, paste and URL entries.
export { analyzeDocument, type AnalyzeOptions, type DocumentAnalysis } from './analyze';
export { countCharacters, countWords, WordCounter } from './count-words';
export { DOCUMENT_TYPES, type DocumentType, detectType } from './detect-type';
export { DocumentError, type DocumentErrorCode } from './errors';
export { type DocumentInput, type ExtractedText, type ExtractOptions, extractText } from './extract-text';
export {
  type FetchUrlOptions,
  fetchUrl,
  isSpecialAddress,
  URL_FETCH_MAX_BYTES,
  URL_FETCH_TIMEOUT_MS,
} from './fetch-url';
