interface NamingProps {
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * Inside a Form.Item a control gets an `id` and is named by its visible <label>, which an aria-label
 * would override; used on its own it has neither, and still needs a name for screen readers.
 */
export function fallbackAriaLabel(props: NamingProps, fallback: string): string | undefined {
  if (props['aria-label']) return props['aria-label'];
  return props.id || props['aria-labelledby'] ? undefined : fallback;
}

export function fieldClassName(...names: (string | undefined)[]): string {
  return ['portal-field', ...names].filter(Boolean).join(' ');
}
