import { userInfoSchema } from '@bible-qa/contract';
import { z } from 'zod';

/**
 * The validators of the login answers. Modules of the first page load import them lazily (`import()`), so the
 * validation library is fetched with the first answer that needs it, not with the page.
 */

/** The login answer of spec §3 and §7. */
export const loginResultSchema = z.object({
  access_token: z.string().min(1),
  user_token: z.string().nullish(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** GET /portal/member/info: the user, or null when the login did not yield one (spec §8). */
export const memberInfoSchema = userInfoSchema.nullable();
