import type { User } from '../../lib/contract.ts';
import { avatarLetter } from '../../lib/current-user.ts';

export function Avatar({ user, size = 'size-9' }: { user: User; size?: string }) {
  if (user.profileImageUrl) {
    return (
      <img src={user.profileImageUrl} alt="" width={36} height={36} className={`${size} rounded-full object-cover`} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex items-center justify-center rounded-full bg-teal-700 font-semibold text-white`}
    >
      {avatarLetter(user)}
    </span>
  );
}
