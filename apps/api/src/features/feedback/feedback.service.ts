import {
  FEEDBACK_MAX_IMAGES,
  type AddFeedbackRequest,
  type AdminFeedback,
  type Feedback,
  type UploadedImage,
} from '@bible-qa/contract';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import { storageKey, type ImageStorage } from '../../storage/image-storage.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { Clock } from '../auth/auth-session.service.ts';
import { normalizeAnyAccount } from '../auth/identifiers.ts';
import type { FeedbackRepository, FeedbackRow, ImageRow } from './feedback.repository.ts';
import { processImage } from './image-processing.ts';

/** An upload not attached to a feedback within a day is abandoned: it stops counting and is deleted. */
const PENDING_TTL_MS = 24 * 3_600_000;

const imageView = (row: ImageRow): UploadedImage => ({
  id: row.id,
  contentType: row.contentType,
  width: row.width,
  height: row.height,
  byteSize: row.byteSize,
});

/**
 * The receipt number of a feedback (the policy: "we give a receipt number"): its UTC day and the first eight
 * characters of its random id. Derived, so every feedback already stored has one; one in 4 billion a day collides.
 */
export function feedbackReceiptNo(id: string, createdAt: Date): string {
  const day = createdAt.toISOString().slice(0, 10).replaceAll('-', '');
  return `FB-${day}-${id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

function feedbackView(row: FeedbackRow, images: ImageRow[]): Feedback {
  return {
    id: row.id,
    receiptNo: feedbackReceiptNo(row.id, row.createdAt),
    type: row.type,
    content: row.content,
    contact: row.contact,
    images: images.filter((i) => i.feedbackId === row.id).map(imageView),
    reply: row.reply,
    replied: row.repliedAt !== null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Feedback with screenshots (spec §3, §5): uploads, submission, the user's records, the admin's list and reply. */
export function createFeedbackService(deps: {
  feedback: FeedbackRepository;
  storage: ImageStorage;
  clock: Clock;
  log: Pick<Logger, 'warn'>;
  counters: CounterStore;
  audit: AuditRecorder;
  /** Screenshots and feedbacks per account and day, together (decision 0013). */
  perAccountPerDay: number;
}) {
  const { feedback, storage, clock, log } = deps;

  /** One of the account's daily uploads, taken before any work (decoding, storing) is done. */
  async function takeDailySlot(userId: string, now: Date): Promise<void> {
    const day = await deps.counters.hit(`upload:d:${userId}`, 24 * 3_600_000, now);
    if (day.count > deps.perAccountPerDay) throw new AppError('daily_upload_limit');
  }

  async function removeStored(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'stored image not deleted'));
    }
  }

  return {
    /**
     * Checks, re-encodes and stores one screenshot for a later feedback. A user holds at most six such uploads at a
     * time (a seventh is refused before anything is stored); deleting one or sending the feedback frees the place.
     */
    async uploadImage(userId: string, bytes: Buffer): Promise<UploadedImage> {
      const now = clock.now();
      await takeDailySlot(userId, now);
      const since = new Date(now.getTime() - PENDING_TTL_MS);
      const stale = await feedback.stalePending(userId, since);
      for (const row of stale) {
        if (await feedback.deletePendingImage(row.id, userId)) await removeStored([row.storageKey]);
      }

      const image = await processImage(bytes);
      const key = storageKey(image.extension, now);
      let stored = false;
      try {
        const row = await feedback.insertImageWithin(
          {
            userId,
            storageKey: key,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            byteSize: image.bytes.length,
            createdAt: now,
          },
          FEEDBACK_MAX_IMAGES,
          since,
          async () => {
            await storage.put(key, image.bytes, image.contentType);
            stored = true;
          },
        );
        if (!row) throw new AppError('too_many_images');
        return imageView(row);
      } catch (error) {
        if (stored) await removeStored([key]);
        throw error;
      }
    },

    /** Deregistration: the stored files of every image of the user (the rows go with the account). */
    async eraseUser(userId: string): Promise<void> {
      const rows = await feedback.imagesOfUser(userId);
      await removeStored(rows.map((r) => r.storageKey));
    },

    /** The uploader's delete: only an upload of this user not yet sent with a feedback. */
    async deleteImage(userId: string, id: string): Promise<void> {
      const row = await feedback.deletePendingImage(id, userId);
      if (!row) throw new AppError('not_found');
      await removeStored([row.storageKey]);
    },

    /** The bytes of a stored image, for its owner or an admin; anyone else is told it does not exist. */
    async readImage(
      viewer: { userId: string; role: string },
      id: string,
    ): Promise<{ bytes: Buffer; contentType: string; extension: string }> {
      const row = await feedback.findImage(id);
      if (!row || (row.userId !== viewer.userId && viewer.role !== 'admin')) throw new AppError('not_found');
      const bytes = await storage.get(row.storageKey);
      if (!bytes) throw new AppError('not_found');
      return { bytes, contentType: row.contentType, extension: row.storageKey.split('.').pop() ?? 'bin' };
    },

    async submitFeedback(userId: string, request: AddFeedbackRequest): Promise<Feedback> {
      const imageIds = request.imageIds ?? [];
      if (imageIds.length > FEEDBACK_MAX_IMAGES) throw new AppError('too_many_images');
      if (new Set(imageIds).size !== imageIds.length) throw new AppError('image_unavailable');
      await takeDailySlot(userId, clock.now());
      let contact: string | null = null;
      const rawContact = request.contact?.trim() ?? '';
      if (rawContact) {
        const account = normalizeAnyAccount(rawContact);
        if (!account) throw new AppError('feedback_contact_invalid');
        contact = account.value;
      }
      const row = await feedback.createWithImages(
        { userId, type: request.type, content: request.content.trim(), contact },
        imageIds,
      );
      if (!row) throw new AppError('image_unavailable');
      return feedbackView(row, await feedback.imagesOf([row.id]));
    },

    async list(userId: string, page: number, size: number): Promise<{ items: Feedback[]; total: number }> {
      const { rows, total } = await feedback.listByUser(userId, page, size);
      const images = await feedback.imagesOf(rows.map((r) => r.id));
      return { items: rows.map((r) => feedbackView(r, images)), total };
    },

    async info(userId: string, id: string): Promise<Feedback> {
      const row = await feedback.findOwned(id, userId);
      if (!row) throw new AppError('not_found');
      return feedbackView(row, await feedback.imagesOf([row.id]));
    },

    async adminList(page: number, size: number, replied?: boolean): Promise<{ items: AdminFeedback[]; total: number }> {
      const { rows, total } = await feedback.listAll(page, size, replied);
      const images = await feedback.imagesOf(rows.map((r) => r.feedback.id));
      return {
        items: rows.map((r) => ({
          ...feedbackView(r.feedback, images),
          userId: r.feedback.userId,
          userName: r.userName,
        })),
        total,
      };
    },

    /** The admin's reply; a second reply replaces the first. The user sees it in the records. */
    async reply(adminId: string, id: string, reply: string): Promise<AdminFeedback> {
      const row = await feedback.reply(id, reply.trim(), adminId, clock.now());
      if (!row) throw new AppError('not_found');
      await deps.audit.record({
        kind: 'feedback_replied',
        actorId: adminId,
        targetUserId: row.userId,
        detail: { feedbackId: row.id },
      });
      return {
        ...feedbackView(row, await feedback.imagesOf([row.id])),
        userId: row.userId,
        userName: await feedback.userName(row.userId),
      };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
