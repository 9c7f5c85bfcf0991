// The shared schemas of the project forms, loaded with zod at a form's first check (ui/zod-form).
export {
  bulkMessageSchema,
  projectDisputeSchema,
  projectDisputeWithSegmentsSchema,
  projectMessageSchema,
  projectNameSchema,
  projectRatingSchema,
  projectReassignSchema,
  projectResolveSchema,
  projectTagsSchema,
} from '@parlance/shared';
