// The shared schemas of the sign-in and password forms, loaded with zod at a form's first check
// (ui/zod-form).
export {
  extraUserDataFormSchema,
  loginFormSchema,
  resetLinkFormSchema,
  setPasswordFormSchema,
  signupFormSchema,
} from '@parlance/shared';
