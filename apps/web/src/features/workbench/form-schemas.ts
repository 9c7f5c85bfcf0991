// The shared schemas of the editor's forms, loaded with zod at a form's first check (ui/zod-form).
export { annotationCreateSchema } from '@parlance/shared';
