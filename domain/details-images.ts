/**
 * The image rules of spec §5: ID front and back are required unless already on file; driving licence front
 * and back are optional; a new account needs at least one of picture1 and picture2 (chosen now or on file).
 * A chosen file must be an image the portal prepares (JPEG, PNG, WebP, HEIC/HEIF) of at most 40 MB; what is
 * sent is the prepared JPEG (decision 120), and the server checks its bytes again.
 */
import type { ImagesOnFile, UploadKind } from './api-schema.ts';
import { CHOSEN_IMAGE_EXTENSIONS, CHOSEN_IMAGE_MAX_BYTES, CHOSEN_IMAGE_TYPES } from './constants.ts';
import type { DetailsMessage } from './details-fields.ts';
import { IMAGE_FIELDS } from './enums.ts';
import { V, type ValidationKey } from './validation-keys.ts';

export type ImageField = keyof ImagesOnFile;

/** Which images each step of the wizard asks for (the uploads of that step; docs/decisions/003-api-shapes.md). */
export const STEP_IMAGES: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly UploadKind[]>> = {
  1: [],
  2: ['id-front', 'id-back'],
  3: ['driving-front', 'driving-back'],
  4: ['picture1', 'picture2'],
  5: [],
};
/** The label of each image (a message of the wizard, by key). */
export const IMAGE_MESSAGE: Readonly<Record<UploadKind, DetailsMessage>> = {
  'id-front': 'details_image_idFront',
  'id-back': 'details_image_idBack',
  'driving-front': 'details_image_drivingFront',
  'driving-back': 'details_image_drivingBack',
  picture1: 'details_image_picture1',
  picture2: 'details_image_picture2',
};
/** The upload kind of an `images` flag (`idFront` → `id-front`), or undefined for a name that is none. */
export const kindOfImage = (field: string): UploadKind | undefined => (Object.keys(IMAGE_FIELDS) as UploadKind[]).find((kind) => IMAGE_FIELDS[kind] === field);
/** Whether the worker may leave an image out (spec §5): the driving licence always, the pictures unless the account is new. */
export const isImageOptional = (kind: UploadKind, newAccount: boolean): boolean => kind.startsWith('driving-') || (kind.startsWith('picture') && !newAccount);
/** The little the rules need of a browser File (so that the server and tests can use plain objects). */
export type ChosenFile = { name: string; type: string; size: number };

const hasImageName = (name: string) => CHOSEN_IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * Type and size of one chosen file; null when acceptable. The declared type decides (a phone's picker may name
 * a photo without an extension); without one, the name does. The bytes are read when the image is prepared.
 */
export function checkChosenImage(file: ChosenFile): ValidationKey | null {
  const type = file.type.toLowerCase();
  const typeOk = (CHOSEN_IMAGE_TYPES as readonly string[]).includes(type) || ((type === '' || type === 'application/octet-stream') && hasImageName(file.name));
  if (!typeOk) return V.fileType;
  if (file.size > CHOSEN_IMAGE_MAX_BYTES) return V.fileSize;
  return null;
}

/**
 * The image fields still missing, given what is on file and what the worker has chosen now.
 * `fields` limits the check to one step's images (the wizard) or leaves it whole (the server at submit).
 */
export function missingImages(
  onFile: ImagesOnFile,
  chosen: Partial<Record<ImageField, boolean>>,
  newAccount: boolean,
  fields: readonly ImageField[] = ['idFront', 'idBack', 'drivingFront', 'drivingBack', 'picture1', 'picture2'],
): Array<{ field: ImageField; message: ValidationKey }> {
  const has = (field: ImageField) => onFile[field] || chosen[field] === true;
  const missing: Array<{ field: ImageField; message: ValidationKey }> = [];
  for (const field of ['idFront', 'idBack'] as const) if (fields.includes(field) && !has(field)) missing.push({ field, message: V.imageRequired });
  const picturesInScope = fields.includes('picture1') && fields.includes('picture2');
  if (newAccount && picturesInScope && !has('picture1') && !has('picture2')) missing.push({ field: 'picture1', message: V.pictureRequired });
  return missing;
}
