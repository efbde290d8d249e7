import { translationSchema } from '@bible-qa/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';

/** The corpus's Bible translations with their licence and source, for the attribution on /about. */
export const ABOUT_PATHS = { translations: '/bible/translations' } as const;

export function aboutTranslationsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['about', 'translations'] as const,
    queryFn: ({ signal }) => api.get(ABOUT_PATHS.translations, { schema: z.array(translationSchema), signal }),
    staleTime: Infinity,
  });
}
