import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  TransactionRollbackError,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { feedback, uploadedImages } from '../../db/feedback-schema.ts';
import { users } from '../../db/schema.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export type ImageRow = typeof uploadedImages.$inferSelect;
export type NewImage = Omit<typeof uploadedImages.$inferInsert, 'id' | 'feedbackId' | 'position'>;
export type FeedbackType = FeedbackRow['type'];

/** The only SQL over feedback and uploaded_images. Reads and writes on a user's rows take the owner too. */
export function createFeedbackRepository(db: Database) {
  const imagesOf = async (feedbackIds: string[]) =>
    feedbackIds.length === 0
      ? []
      : db
          .select()
          .from(uploadedImages)
          .where(inArray(uploadedImages.feedbackId, feedbackIds))
          .orderBy(asc(uploadedImages.position));
  /** How many feedback rows match (all with no condition): the total of a paged list. */
  const countWhere = async (where: SQL | undefined) => {
    const [total] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedback)
      .where(where);
    return total?.n ?? 0;
  };

  return {
    /**
     * Runs `store` and inserts the image row while the user's row is locked, unless the user already holds
     * `maxPending` images not attached to a feedback; parallel uploads of one user queue here.
     * Answers null (nothing stored) when the user is at the limit.
     */
    async insertImageWithin(
      image: NewImage,
      maxPending: number,
      pendingSince: Date,
      store: () => Promise<void>,
    ): Promise<ImageRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${image.userId} for update`);
        const [pending] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(uploadedImages)
          .where(
            and(
              eq(uploadedImages.userId, image.userId),
              isNull(uploadedImages.feedbackId),
              sql`${uploadedImages.createdAt} >= ${pendingSince.toISOString()}`,
            ),
          );
        if ((pending?.n ?? 0) >= maxPending) return null;
        await store();
        const [row] = await tx.insert(uploadedImages).values(image).returning();
        return row!;
      });
    },
    /** A user's images never attached to a feedback and made before `before` (abandoned uploads). */
    stalePending: (userId: string, before: Date) =>
      db
        .select()
        .from(uploadedImages)
        .where(
          and(
            eq(uploadedImages.userId, userId),
            isNull(uploadedImages.feedbackId),
            lt(uploadedImages.createdAt, before),
          ),
        ),
    /** Every image of a user, attached or not. */
    imagesOfUser: (userId: string) => db.select().from(uploadedImages).where(eq(uploadedImages.userId, userId)),
    async findImage(id: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(uploadedImages).where(eq(uploadedImages.id, id)).limit(1);
      return row;
    },
    /** Deletes an upload of this user not attached to a feedback; answers the deleted row. */
    async deletePendingImage(id: string, userId: string): Promise<ImageRow | undefined> {
      const [row] = await db
        .delete(uploadedImages)
        .where(and(eq(uploadedImages.id, id), eq(uploadedImages.userId, userId), isNull(uploadedImages.feedbackId)))
        .returning();
      return row;
    },
    /**
     * Inserts the feedback and attaches the images in the given order, in one transaction. Answers null and writes
     * nothing when any image is not this user's, is unknown or already belongs to a feedback.
     */
    async createWithImages(
      row: { userId: string; type: FeedbackType; content: string; contact: string | null },
      imageIds: string[],
    ): Promise<FeedbackRow | null> {
      return db
        .transaction(async (tx) => {
          const [created] = await tx.insert(feedback).values(row).returning();
          for (const [position, id] of imageIds.entries()) {
            const attached = await tx
              .update(uploadedImages)
              .set({ feedbackId: created!.id, position })
              .where(
                and(
                  eq(uploadedImages.id, id),
                  eq(uploadedImages.userId, row.userId),
                  isNull(uploadedImages.feedbackId),
                ),
              )
              .returning({ id: uploadedImages.id });
            if (attached.length !== 1) {
              tx.rollback();
            }
          }
          return created!;
        })
        .catch((error: unknown) => {
          if (error instanceof TransactionRollbackError) return null;
          throw error;
        });
    },
    async findOwned(id: string, userId: string): Promise<FeedbackRow | undefined> {
      const [row] = await db
        .select()
        .from(feedback)
        .where(and(eq(feedback.id, id), eq(feedback.userId, userId)))
        .limit(1);
      return row;
    },
    async findById(id: string): Promise<FeedbackRow | undefined> {
      const [row] = await db.select().from(feedback).where(eq(feedback.id, id)).limit(1);
      return row;
    },
    imagesOf,
    async listByUser(userId: string, page: number, size: number) {
      const rows = await db
        .select()
        .from(feedback)
        .where(eq(feedback.userId, userId))
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(size)
        .offset((page - 1) * size);
      return { rows, total: await countWhere(eq(feedback.userId, userId)) };
    },
    /** Every user's feedback for the admin page, newest first; replied filters on the flag. */
    async listAll(page: number, size: number, replied?: boolean) {
      const where =
        replied === undefined ? undefined : replied ? isNotNull(feedback.repliedAt) : isNull(feedback.repliedAt);
      const rows = await db
        .select({ feedback, userName: users.name })
        .from(feedback)
        .innerJoin(users, eq(users.id, feedback.userId))
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(size)
        .offset((page - 1) * size);
      return { rows, total: await countWhere(where) };
    },
    async reply(id: string, reply: string, adminId: string, at: Date): Promise<FeedbackRow | undefined> {
      const [row] = await db
        .update(feedback)
        .set({ reply, repliedAt: at, repliedBy: adminId })
        .where(eq(feedback.id, id))
        .returning();
      return row;
    },
    async userName(userId: string): Promise<string> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.name ?? '';
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
