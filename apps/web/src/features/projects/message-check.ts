import { projectMessageSchema } from '@parlance/shared';
import { checkForm } from '../../ui/form-check';

// The discussion's check with the call's shared schema, loaded with zod when a message is first sent
// (Discussion imports this module on demand): zod is 24 kB gzipped of the project page's first load
// otherwise, for one check at the first send.

export const checkProjectMessage = (body: string) => checkForm(projectMessageSchema, { body });
