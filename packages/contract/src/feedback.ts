import { z } from 'zod';
import { FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES } from './constants.ts';

/**
 * Feedback (spec §3, §5, §7) and the screenshots it carries. Screenshots are uploaded one by one first
 * (POST /portal/upload/image, the raw image bytes as the body) and the feedback references their ids.
 */
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES, { error: 'feedback_type_required' });
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;

export const FEEDBACK_CONTENT_MAX = 2000;
export const FEEDBACK_REPLY_MAX = 2000;

/** POST /portal/feedback/add. contact: a phone number or an e-mail address in any usual spelling, or empty. */
export const addFeedbackRequestSchema = z.object({
  type: feedbackTypeSchema,
  content: z
    .string({ error: 'feedback_content_required' })
    .trim()
    .min(1, { error: 'feedback_content_required' })
    .max(FEEDBACK_CONTENT_MAX, { error: 'feedback_content_too_long' }),
  contact: z.string().trim().max(320).optional(),
  imageIds: z.array(z.string().uuid()).max(FEEDBACK_MAX_IMAGES, { error: 'too_many_images' }).optional().default([]),
});
export type AddFeedbackRequest = z.input<typeof addFeedbackRequestSchema>;

/** A stored screenshot; its bytes are served to its owner and admins at GET /portal/upload/image/:id. */
export const uploadedImageSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const feedbackSchema = z.object({
  id: z.string(),
  /** The receipt number the policy promises (spec §4): FB-<UTC date>-<8 characters of the id>, e.g. FB-20261124-3F2A9C1D. */
  receiptNo: z.string(),
  type: feedbackTypeSchema,
  content: z.string(),
  contact: z.string().nullable(),
  images: z.array(uploadedImageSchema),
  reply: z.string().nullable(),
  replied: z.boolean(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /portal/feedback/list?page=&size= (newest first) */
export const feedbackListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
export const feedbackPageSchema = z.object({ items: z.array(feedbackSchema), total: z.number().int() });
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

/** GET /portal/feedback/info?id= */
export const feedbackInfoQuerySchema = z.object({ id: z.string().uuid() });

/** POST /portal/upload/image/delete: an upload not yet attached to a feedback (the uploader's delete). */
export const deleteImageRequestSchema = z.object({ id: z.string().uuid() });

/** GET /portal/admin/feedback/list?page=&size=&replied= */
export const adminFeedbackListQuerySchema = feedbackListQuerySchema.extend({
  replied: z.enum(['true', 'false']).optional(),
});
export const adminFeedbackSchema = feedbackSchema.extend({
  userId: z.string(),
  userName: z.string(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;
export const adminFeedbackPageSchema = z.object({ items: z.array(adminFeedbackSchema), total: z.number().int() });
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

/** POST /portal/admin/feedback/reply: a second reply replaces the first. */
export const replyFeedbackRequestSchema = z.object({
  id: z.string().uuid(),
  reply: z
    .string({ error: 'feedback_reply_required' })
    .trim()
    .min(1, { error: 'feedback_reply_required' })
    .max(FEEDBACK_REPLY_MAX),
});
