import { endpoints } from '../../contract/v1/endpoints';
import { messageTranslator } from './message-translator';
import { serverI18n } from './server-i18n';

/** Every `x-messages` value of the contract's schemas, with where it sits. */
function contractMessages(): { where: string; value: string }[] {
  const found: { where: string; value: string }[] = [];
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}[${i}]`));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-messages') {
        for (const [keyword, text] of Object.entries(value as Record<string, string>))
          found.push({ where: `${where}.${keyword}`, value: text });
      } else walk(value, `${where}.${key}`);
    }
  };
  for (const [name, entry] of Object.entries(endpoints)) walk(entry.schemas, name);
  return found;
}

describe("the contract's validation messages", () => {
  const i18n = serverI18n();
  const messages = contractMessages();

  it('are found (the walk reaches the schemas)', () => {
    expect(messages.length).toBeGreaterThan(20);
  });

  it('are all message keys, so a refusal can be written in every language (docs/server-messages.md)', () => {
    const notKeys = messages.filter(({ value }) => {
      const inFrench = messageTranslator(i18n, 'fr')(value);
      return inFrench === value;
    });
    expect(notKeys).toEqual([]);
  });
});
