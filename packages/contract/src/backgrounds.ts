// Home-page hero background images.
import { z } from 'zod';
import { idSchema } from './common';

const backgroundSchema = z.object({ _id: idSchema, imageUrl: z.string() });
export type BackgroundImage = z.infer<typeof backgroundSchema>;

export const backgroundListSchema = z.array(backgroundSchema);
