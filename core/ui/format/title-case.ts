/**
 * Role names as users see them (docs/organisation-selection.md): each word capitalised, the rest lower case; underscores and
 * hyphens from machine names become spaces.
 * @example titleCase('owner') // 'Owner'
 * @example titleCase('billing_ADMIN') // 'Billing Admin'
 */
export function titleCase(text: string): string {
  return text
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1).toLocaleLowerCase())
    .join(' ');
}
