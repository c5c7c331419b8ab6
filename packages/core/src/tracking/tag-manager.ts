/** Spec §5: "A tag-manager id must match GTM- followed by uppercase letters or digits." */
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]+$/;

/** The tag-manager container id, or a thrown error naming the bad one (spec §8 'Invalid tag-manager id: Throws'). */
export function parseTagManagerId(id: string): string {
  if (!TAG_MANAGER_ID_PATTERN.test(id)) {
    throw new Error(
      `Invalid tag-manager id "${id.slice(0, 40)}": expected GTM- followed by uppercase letters or digits.`,
    );
  }
  return id;
}
