import { z } from 'zod';
import { localeSchema } from './locale.ts';

export const ROLES = ['user', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export const EXPRESSIONS = ['protestant', 'catholic', 'orthodox', 'none'] as const;
export const expressionSchema = z.enum(EXPRESSIONS);
export type Expression = z.infer<typeof expressionSchema>;

/** User info (spec §3): what settings shows, plus the account data. */
export const userInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  sex: z.enum(['male', 'female', 'unknown']),
  role: roleSchema,
  themeColor: z.string(),
  darkMode: z.boolean(),
  language: localeSchema,
  expression: expressionSchema,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  pseudonym: z.string().nullable(),
  avatar: z.string().nullable(),
  profile: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
