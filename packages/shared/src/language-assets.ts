// Terminology, glossary files, translation memory (TMX) and the shared translation memory groups
// (spec 2 sections 2, 4, 7, 8). Limits and texts in one place for the server and the web.

export const TERMINOLOGY_EXTENSIONS = ['csv', 'xlsx', 'tbx'] as const;
export const TERMINOLOGY_MAX_BYTES = 10 * 1024 * 1024;
export const TMX_MAX_BYTES = 200 * 1024 * 1024;
export const GLOSSARY_EXTENSIONS = ['csv', 'xlsx', 'xls', 'tbx', 'txt', 'pdf', 'docx', 'doc'] as const;
export const GLOSSARY_MAX_BYTES = 20 * 1024 * 1024;
export const GLOSSARY_MAX_FILES = 50;
export const TERMS_PAGE_SIZE = 25;
export const TM_SEARCH_LIMIT = 20;

export const LANGUAGE_ASSET_TEXTS = {
  chooseFile: 'Choose a file to upload',
  terminologyWrongType: 'Upload a CSV, XLSX or TBX file',
  terminologyTooBig: 'The file is too big: terminology files can be up to 10 MB',
  terminologyExists: 'Terminology for this language pair already exists. Replace it?',
  terminologyImported: 'Terminology imported',
  terminologyDeleted: 'Terminology deleted',
  chooseSource: 'Choose the source language',
  chooseTarget: 'Choose the target language',
  samePair: 'The source and target languages must differ',
  chooseTerminology: 'Choose the terminology to delete',
  tmxWrongType: 'Upload a TMX file (.tmx)',
  tmxTooBig: 'The file is too big: a TMX file can be up to 200 MB',
  tmxImported: 'Translation memory imported',
  tmxDeleted: 'Import deleted',
  tmxEmpty: 'You have no translation memory yet',
  searchQuery: 'Enter at least 2 characters to search',
  glossaryWrongType: `Upload one of: ${GLOSSARY_EXTENSIONS.join(', ')}`,
  glossaryTooBig: 'The file is too big: glossary files can be up to 20 MB',
  glossaryLimit: `You can keep at most ${GLOSSARY_MAX_FILES} glossary files`,
  glossaryUploaded: 'Glossary file uploaded',
  glossaryDeleted: 'Glossary file deleted',
  fileEmpty: 'The file is empty',
  groupNameRequired: 'Enter a name for the group',
  groupCreated: 'Group created',
  groupDeleted: 'Group deleted',
  groupRefMissing: 'Say which group (group_id) and, to remove a translator, which one (user_id), as whole numbers',
  memberEmailRequired: "Enter the translator's e-mail address",
  notATranslator: 'There is no translator with this e-mail address',
  alreadyMember: 'This translator is already in the group',
  memberAdded: 'Translator added',
  memberRemoved: 'Translator removed',
} as const;

export type {
  GlossaryFile,
  LanguageRef,
  SharedMemoryGroup,
  SharedMemoryMember,
  TerminologySet,
  TerminologyTerm,
  TmImport,
  TmLanguage,
  TmSearchHit,
} from './language-assets-schemas';
