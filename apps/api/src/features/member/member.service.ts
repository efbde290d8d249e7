import type { UserInfo } from '@bible-qa/contract';
import { AppError } from '../../http/app-error.ts';
import type { MemberRepository, UserRow } from './member.repository.ts';

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    name: row.name,
    sex: row.sex,
    role: row.role,
    themeColor: row.themeColor,
    darkMode: row.darkMode,
    language: row.language,
    expression: row.expression,
    phone: row.phone,
    email: row.email,
    pseudonym: row.pseudonym,
    avatar: row.avatar,
    profile: row.profile,
  };
}

export function createMemberService({ members }: { members: MemberRepository }) {
  return {
    async info(userId: string): Promise<UserInfo> {
      const row = await members.findById(userId);
      // A session whose account is gone is no session.
      if (!row) throw new AppError('unauthorized');
      return toUserInfo(row);
    },
  };
}
export type MemberService = ReturnType<typeof createMemberService>;
