// Typed errors with a status; the one error handler turns them into D14's JSON shape.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 503 with a Retry-After: a bounded queue is full (the PDF workers'), so the same request may succeed shortly. */
export class RetryLater extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
    this.name = 'RetryLater';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new AppError(409, message, errors);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const gone = (message: string) => new AppError(410, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
export const serviceUnavailable = (message: string) => new AppError(503, message);
export const unprocessable = (message: string) => new AppError(422, message);
