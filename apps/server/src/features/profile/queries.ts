import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export function profileOf(db: Executor, userId: string) {
  return db
    .select({
      name: users.name,
      avatar: users.avatar,
      sex: users.sex,
      birthday: users.birthday,
      phone: users.phone,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function updateProfile(
  db: Executor,
  userId: string,
  values: { name: string; avatar: string; sex: number | null; birthday: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
