// D11 upload pipeline, the request half: reads a multipart form part by part under the limits set in
// app.ts, storing each image as it arrives so at most one file is held in memory at a time.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { IMAGES_FIELD, UPLOAD_MESSAGES } from '@safarnama/contract';
import { AppError, badRequest, payloadTooLarge } from '../errors';
import { deleteImages, storeImage } from './image-store';
import type { ImageStorage } from './image-storage';

export interface UploadForm {
  /** Text fields by name; a repeated field keeps every value in order. */
  fields: Map<string, string[]>;
  /** Keys of the images stored from the `images` file field, in upload order. */
  imageKeys: string[];
}

/**
 * Reads `request` as multipart/form-data: text fields are collected, every non-empty file of the
 * `images` field goes through storeImage. If anything fails the images stored so far are deleted
 * before the error propagates; on success the caller owns `imageKeys` (see discardUpload).
 */
export async function readUploadForm(request: FastifyRequest, storage: ImageStorage): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError(415, UPLOAD_MESSAGES.notMultipart);
  const form: UploadForm = { fields: new Map(), imageKeys: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw payloadTooLarge(UPLOAD_MESSAGES.fieldTooLong);
        // A part sent as application/json arrives parsed; forms only ever send text.
        if (typeof part.value !== 'string') throw badRequest(`The field ${part.fieldname} must be text`);
        const values = form.fields.get(part.fieldname);
        if (values) values.push(part.value);
        else form.fields.set(part.fieldname, [part.value]);
        continue;
      }
      // toBuffer() throws the plugin's 413 when the file passes the size limit.
      const data = await part.toBuffer();
      if (part.fieldname !== IMAGES_FIELD) continue;
      // Browsers send an empty part with no name when the file chooser was left empty.
      if (data.length === 0 && !part.filename) continue;
      form.imageKeys.push(await storeImage(storage, data));
    }
  } catch (err) {
    await discardUpload(storage, form.imageKeys, request.log);
    throw isMultipartSyntaxError(err) ? badRequest(UPLOAD_MESSAGES.malformed) : err;
  }
  return form;
}

/**
 * The multipart parser (busboy) rejects a cut or garbled body with a bare Error: no status, no code.
 * That is the client's fault (400); our own errors carry a status and system errors (a full disk) a code.
 */
const isMultipartSyntaxError = (err: unknown) =>
  err instanceof Error &&
  !(err instanceof AppError) &&
  (err as { statusCode?: unknown }).statusCode === undefined &&
  (err as { code?: unknown }).code === undefined;

/** Deletes images stored for a request that did not complete; leftovers are logged, not thrown. */
export async function discardUpload(storage: ImageStorage, keys: readonly string[], log: FastifyBaseLogger) {
  if (keys.length === 0) return;
  const left = await deleteImages(storage, keys);
  if (left.length > 0) log.error({ files: left }, 'could not delete uploaded files of a failed request');
}
