/**
 * Upload rules of spec 002 (sections 5 and 9): images are jpg, png, svg or jpeg, one per field or
 * up to 4 when the field takes several; the file drop takes one file of any type and shows its size
 * in MB. The server judges files by their first bytes anyway; these checks only spare a person
 * uploading, over a slow network, a file that would be refused.
 */
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'svg', 'jpeg'] as const;
/** The file picker's filter (extensions and types, since phones filter on either). */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.svg,image/jpeg,image/png,image/svg+xml';
export const MAX_IMAGES_MULTIPLE = 4;

const BYTES_PER_MB = 1024 * 1024;

export function imageLimit(multiple: boolean): number {
  return multiple ? MAX_IMAGES_MULTIPLE : 1;
}

/** 'photo.JPG' -> 'jpg'; '' when the name has no extension. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAcceptedImage(name: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export function rejectedImagesMessage(names: string[]): string {
  const quoted = names.map((name) => `« ${name} »`).join(', ');
  const verb = names.length > 1 ? "ne sont pas des images acceptées" : "n'est pas une image acceptée";
  return `${quoted} ${verb}. Formats acceptés : ${IMAGE_EXTENSIONS.join(', ')}.`;
}

export function tooManyImagesMessage(limit: number): string {
  return limit === 1 ? 'Une seule image est autorisée.' : `Vous pouvez ajouter au maximum ${limit} images.`;
}

export interface ImagePick<T> {
  /** The files to keep, in the order picked. */
  accepted: T[];
  /** What to tell the person about the files left out, or null. */
  error: string | null;
}

/**
 * Which of the picked files join the field. `alreadyHeld` counts the images the field keeps (new
 * files and existing ones). A single-image field replaces its image, so its room is always one;
 * a multiple field keeps up to 4 in all and says so when more were picked.
 */
export function pickImages<T extends { name: string }>(picked: T[], alreadyHeld: number, multiple: boolean): ImagePick<T> {
  const images = picked.filter((file) => isAcceptedImage(file.name));
  const rejected = picked.filter((file) => !isAcceptedImage(file.name)).map((file) => file.name);
  const limit = imageLimit(multiple);
  const room = multiple ? Math.max(0, limit - alreadyHeld) : 1;
  const accepted = images.slice(0, room);
  const errors: string[] = [];
  if (rejected.length) errors.push(rejectedImagesMessage(rejected));
  if (images.length > room) errors.push(tooManyImagesMessage(limit));
  return { accepted, error: errors.length ? errors.join(' ') : null };
}

/** Sizes in MB with two decimals, as the spec's file drop shows them: 1310720 bytes -> '1.25 Mo'. */
export function formatFileSize(bytes: number): string {
  return `${(Math.max(0, bytes) / BYTES_PER_MB).toFixed(2)} Mo`;
}

/** Bytes from a size in MB (props read better as `maxSizeMb={5}`). */
export function megabytes(mb: number): number {
  return Math.round(mb * BYTES_PER_MB);
}

export function fileTooLargeMessage(maxBytes: number): string {
  return `Le fichier dépasse la taille maximale autorisée (${formatFileSize(maxBytes)}).`;
}

/** Null when the file fits, else the message to show. */
export function fileSizeError(file: { size: number }, maxBytes?: number | null): string | null {
  return maxBytes && file.size > maxBytes ? fileTooLargeMessage(maxBytes) : null;
}
