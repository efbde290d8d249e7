import { eq } from 'drizzle-orm';
import type { AccountMode } from '@bible-qa/contract';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'role' | 'phone' | 'email' | 'createdAt'>>;

/** The only SQL over users. phone and email arrive normalised (features/auth/identifiers.ts). */
export function createMemberRepository(db: Database) {
  const column = (mode: AccountMode) => (mode === 'mobile' ? users.phone : users.email);
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findByAccount(mode: AccountMode, value: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(column(mode), value))
        .limit(1);
      return row;
    },
    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      if (!row) throw new Error('user insert returned no row');
      return row;
    },
    /** The account of a phone or e-mail, created when new; two simultaneous first logins make one account. */
    async findOrCreateByAccount(mode: AccountMode, value: string, fields: NewUser): Promise<UserRow> {
      const existing = await this.findByAccount(mode, value);
      if (existing) return existing;
      const values = { ...fields, ...(mode === 'mobile' ? { phone: value } : { email: value }) };
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: column(mode) })
        .returning();
      if (row) return row;
      const raced = await this.findByAccount(mode, value);
      if (!raced) throw new Error('user neither inserted nor found');
      return raced;
    },
    async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },
    async setRole(id: string, role: UserRow['role']): Promise<void> {
      await db.update(users).set({ role }).where(eq(users.id, id));
    },
    /** Deletes the account; its sessions, identities, conversations and tickets go with it (ON DELETE CASCADE). */
    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length === 1;
    },
  };
}
export type MemberRepository = ReturnType<typeof createMemberRepository>;
