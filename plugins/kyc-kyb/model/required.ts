import type { FormRule } from 'antd';

/**
 * A required choice (a list, an upload, a date) that has no rule of its own in the contract's rule set: its
 * message says what to do ('Select your gender'), in the plugin's texts.
 */
export function requiredRule(message: string): FormRule[] {
  return [
    {
      required: true,
      validator: (_rule, value: unknown) =>
        value === undefined || value === null || value === ''
          ? Promise.reject(new Error(message))
          : Promise.resolve(),
    },
  ];
}
