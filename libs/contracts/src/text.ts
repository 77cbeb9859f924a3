/**
 * Control characters (C0, DEL and C1) have no place in any identifier, name or token the platform stores or
 * compares: a NUL byte cannot even be stored by PostgreSQL. Parameters and merchant-returned fields holding
 * one are refused where they enter (docs/decisions.md S10, R4, C2).
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}
