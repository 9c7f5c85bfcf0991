// The shared schemas of the sign-in and password forms, loaded with zod at a form's first check
// (ui/zod-form).
export { loginFormSchema, resetLinkFormSchema, setPasswordFormSchema } from '@parlance/shared';
