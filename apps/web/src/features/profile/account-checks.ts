import {
  type AboutMeInput,
  type AccountInfoInput,
  aboutMeInputSchema,
  accountInfoInputSchema,
  type NetworksInput,
  networksInputSchema,
  startPhoneVerifyInputSchema,
} from '@parlance/shared';
import { checkForm } from '../../ui/form-check';

// The account tab's checks with the calls' shared schemas, loaded with zod when one of its forms is
// first focused or sent (use-checked-form, PhoneVerifyCard): zod is 24 kB gzipped of the profile's
// first load otherwise, for checks that run only once somebody edits a field.

export const checkAccountInfo = (values: AccountInfoInput) => checkForm(accountInfoInputSchema, values);
export const checkNetworks = (values: NetworksInput) => checkForm(networksInputSchema, values);
export const checkAboutMe = (values: AboutMeInput) => checkForm(aboutMeInputSchema, values);
export const checkPhoneToVerify = (phone: string) => checkForm(startPhoneVerifyInputSchema, { phone });
