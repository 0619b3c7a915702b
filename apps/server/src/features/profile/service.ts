import { ErrorCode, type SelfInfo } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import * as q from './queries.ts';

export async function selfInfo(deps: AppDeps, auth: AuthContext): Promise<SelfInfo> {
  const user = await q.profileOf(deps.database.db, auth.userId);
  if (!user) throw new AppError(ErrorCode.tokenInvalid, 'tokenInvalid');
  return { name: user.name, avatar: user.avatar, sex: user.sex, birthday: user.birthday, phone: user.phone };
}

export async function editSelfInfo(
  deps: AppDeps,
  auth: AuthContext,
  input: { name: string; avatar: string; sex: number | null; birthday: string | null },
): Promise<SelfInfo> {
  await q.updateProfile(deps.database.db, auth.userId, input);
  return selfInfo(deps, auth);
}
