import { TEXTS } from '@parlance/shared';

/** An error a person can act on: its message is shown as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** per-field messages, answered as a field-error object */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, message, fields);
export const unauthorized = (message: string = TEXTS.notSignedIn) => new AppError(401, message);
export const forbidden = (message: string = TEXTS.forbidden) => new AppError(403, message);
export const notFound = (message: string = TEXTS.notFound) => new AppError(404, message);
