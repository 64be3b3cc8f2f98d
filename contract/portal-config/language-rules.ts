/**
 * The config's language rules that a JSON schema cannot say, checked wherever the schema is (the server before it
 * puts the config into the page, the browser on a static host, `npm run check-config`): a default language the
 * switcher does not offer shows raw keys (`login.title`) on every page.
 */
interface LanguageSettings {
  i18n?: { languages?: string[]; defaultLanguage?: string };
}

/** One `<JSON path>: <why>` line per problem; none for a config whose languages are consistent. */
export function languageProblems(config: LanguageSettings): string[] {
  const languages = config.i18n?.languages ?? [];
  const defaultLanguage = config.i18n?.defaultLanguage;
  if (defaultLanguage === undefined || languages.includes(defaultLanguage)) return [];
  return [
    `/i18n/defaultLanguage: "${defaultLanguage}" is not one of /i18n/languages (${languages.join(', ')}): list it there or choose one of them`,
  ];
}
