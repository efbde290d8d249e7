import { z } from 'zod';
import { LOCALES } from './locale.ts';

export const localeSchema = z.enum(LOCALES);
