import { z } from './zod';
import { MAX_DB_INT } from './validation';

// Kept apart from validation.ts, which the sign-in page loads without zod (the /auth budget).

/** A row id in a path, query or body: a positive whole number within the database's integer. */
export const dbIdSchema = z.coerce.number().int().positive().max(MAX_DB_INT);
