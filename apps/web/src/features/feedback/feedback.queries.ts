import {
  feedbackPageSchema,
  feedbackSchema,
  uploadedImageSchema,
  type AddFeedbackRequest,
  type Feedback,
  type UploadedImage,
} from '@bible-qa/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client.ts';

/** The feedback calls (under /webapi, spec §7) and the screenshot upload. */
export const FEEDBACK_PATHS = {
  add: '/portal/feedback/add',
  list: '/portal/feedback/list',
  info: '/portal/feedback/info',
  upload: '/portal/upload/image',
  deleteUpload: '/portal/upload/image/delete',
} as const;
export const FEEDBACK_PAGE_SIZE = 10;

export const feedbackKeys = {
  all: ['feedback'] as const,
  records: () => ['feedback', 'records'] as const,
};

export function recordsQuery(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: feedbackKeys.records(),
    queryFn: ({ pageParam, signal }) =>
      api.get(FEEDBACK_PATHS.list, {
        params: { page: pageParam, size: FEEDBACK_PAGE_SIZE },
        schema: feedbackPageSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * FEEDBACK_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
  });
}

/** The file's bytes as they are: the server judges the content, not the name or the declared type. */
export function uploadScreenshot(api: ApiClient, file: File): Promise<UploadedImage> {
  return api.post(FEEDBACK_PATHS.upload, new Blob([file], { type: 'application/octet-stream' }), {
    schema: uploadedImageSchema,
  });
}

export function deleteScreenshot(api: ApiClient, id: string): Promise<unknown> {
  return api.post(FEEDBACK_PATHS.deleteUpload, { id });
}

export function addFeedback(api: ApiClient, body: AddFeedbackRequest): Promise<Feedback> {
  return api.post(FEEDBACK_PATHS.add, { ...body }, { schema: feedbackSchema });
}
