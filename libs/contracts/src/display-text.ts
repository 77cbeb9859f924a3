/**
 * Names and free text an operator reads (a merchant's, manufacturer's or permission's name, a firmware
 * release's description): they are shown in the console, in the audit log and in log lines, so a value must
 * not be able to fake a line (CR, LF and the other control characters: C0, DEL, C1) nor reorder what is
 * shown around it (the bidirectional overrides and isolates U+202A–U+202E, U+2066–U+2069, and the invisible
 * direction marks U+200E, U+200F, U+061C). Refused where they enter, with ADMIN_VALIDATION_FAILED naming the
 * field (parseAdminBody); decisions SDB5.
 */
import { z } from 'zod';
import { hasControlCharacter } from './text';

/** Bidirectional overrides, embeddings, isolates and direction marks. */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
/** Control characters except TAB, LF and CR: multi-line text (release notes) keeps its lines. */
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const NAME_MESSAGE = 'must not contain control characters (line breaks included) or bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)';
const TEXT_MESSAGE = 'must not contain control characters other than tab and line breaks, nor bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)';

/** True when `value` may be shown as a one-line name. */
export function isDisplayName(value: string): boolean {
  return !hasControlCharacter(value) && !BIDI_CONTROLS.test(value);
}

/** True when `value` may be shown as free text of several lines. */
export function isDisplayText(value: string): boolean {
  return !TEXT_CONTROLS.test(value) && !BIDI_CONTROLS.test(value);
}

/** A one-line name shown to operators: `displayName(z.string().trim().min(1).max(200))`. */
export function displayName<S extends z.ZodType<string, string>>(schema: S) {
  return schema.refine(isDisplayName, { message: NAME_MESSAGE });
}

/** Free text of several lines shown to operators and apps (tab, LF and CR allowed). */
export function displayText<S extends z.ZodType<string, string>>(schema: S) {
  return schema.refine(isDisplayText, { message: TEXT_MESSAGE });
}
