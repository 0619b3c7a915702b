/** Preset avatars are served from /avatars/; an empty avatar shows the default image (spec §3). */
export function avatarUrl(name: string | null | undefined): string {
  return name ? `/avatars/${encodeURIComponent(name)}` : '/avatars/default.svg';
}
