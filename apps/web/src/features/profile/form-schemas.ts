// The shared schemas of the account tab's forms, loaded with zod at a form's first check (ui/zod-form).
export {
  aboutMeInputSchema,
  accountInfoInputSchema,
  networksInputSchema,
  startPhoneVerifyInputSchema,
} from '@parlance/shared';
